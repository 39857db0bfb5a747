# make cross-arm64: the judge, the toolkit and the tests built for arm64 (an Apple Silicon Mac's
# containers) by Debian's cross compiler, against arm64's libraries from Debian's multiarch, in
# $(BUILD)/aarch64/ (judge/sandbox/README.md, "Built for arm64"). g++ alone (the quick build's clang
# objects and precompiled headers are this CPU's), the tests as unity units as the quick build has
# them, the judged programs' runtime by the cross compiler too. Under qemu-user where it is
# installed: the tests that start no arm64 process and no threads (qemu-user runs those slowly, or
# not at all). A test that starts a process is left to a real arm64 kernel: under qemu-user
# (Debian 12's) a dynamically linked aarch64 child spins for ever after its fork, signals held, on
# this workplace's hosts; so the run is killed after ARM64_QEMU_LIMIT seconds, never left to hang
# CI.
#
# What each folder adds (mk/README.md, "The lists"): ARM64_GOALS, the programs built beside the
# tests; ARM64_SETTINGS, the sub-make's variables for its own rules; ARM64_LIBRARIES and
# ARM64_PACKAGES, the arm64 libraries it links (pkg-config's names) and the Debian packages that
# bring them; ARM64_IN_QEMU and ARM64_NOT_IN_QEMU, GoogleTest patterns of its tests run, or not,
# under qemu-user.
CROSS_ARM64       := aarch64-linux-gnu-g++
ARM64_PKGCONFIG   := PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
ARM64_INSTALL      = sudo dpkg --add-architecture arm64 && sudo apt-get update && sudo apt-get install \
                     $(sort crossbuild-essential-arm64 libgtest-dev:arm64 $(ARM64_PACKAGES))
ARM64_NOT_IN_QEMU += *Thorough* *Jobs* *Thread*
ARM64_QEMU_LIMIT  := 900
# The sub-make's variables, and the build itself: make arm64-check's guest runs make judge with the
# same variables (arm64/rules.mk), LeetCode's compiler there being its own clang.
CROSS_ARM64_MAKE   = BUILD=$(BUILD)/aarch64 CXX=$(CROSS_ARM64) CXXFLAGS=-O2 QUICK_CXX= UNITY=1 $(ARM64_SETTINGS)
CROSS_ARM64_BUILD  = $(ARM64_PKGCONFIG) $(MAKE) $(CROSS_ARM64_MAKE) LEETCODE_CXX=$(CROSS_ARM64) \
                     $(patsubst $(BUILD)/%,$(BUILD)/aarch64/%,$(ARM64_GOALS) $(BUILD)/tests)
cross-arm64:
	@command -v $(CROSS_ARM64) >/dev/null && $(ARM64_PKGCONFIG) pkg-config --exists $(sort gtest $(ARM64_LIBRARIES)) || \
	  { echo "arm64's compiler or libraries not found: $(ARM64_INSTALL)" >&2; exit 1; }
	$(Q)+$(CROSS_ARM64_BUILD)
	$(Q)if command -v qemu-aarch64-static >/dev/null; then \
	  printf '  %-6s %s\n' QEMU '$(BUILD)/aarch64/tests'; \
	  QEMU_LD_PREFIX=/usr/aarch64-linux-gnu timeout -s KILL $(ARM64_QEMU_LIMIT) qemu-aarch64-static \
	    $(BUILD)/aarch64/tests --gtest_brief=1 \
	    --gtest_filter='$(call gtest_list,$(ARM64_IN_QEMU))-$(call gtest_list,$(ARM64_NOT_IN_QEMU))' || \
	    { status=$$?; [ $$status -ne 137 ] || echo "arm64's tests under qemu-user killed after $(ARM64_QEMU_LIMIT) s" >&2; exit $$status; }; \
	else echo "qemu-user-static not installed: arm64's tests built, not run"; fi
