# arm64/: make arm64-check, the judge under a real aarch64 kernel (Debian 12's, in
# qemu-system-aarch64), on a root of Debian's arm64 packages, with what make cross-arm64 builds
# (arm64/README.md). CI runs it.
ARM64_IMAGES := $(BUILD)/arm64
# The tests run in the guest: those of what a kernel does for the judge (processes and /proc, the
# box, the seccomp program, the limits, the judge's end). ARM64_TESTS='*' runs them all
# (arm64/README.md says how long that takes).
ARM64_TESTS  ?= Process.*:ProcessTree.*:Proc.*:ProcDir.*:Sandbox.*:SandboxedCompile.*:Seccomp.*:Seccomp/*:SeccompInTheKernel.*:MemoryLimit.*:MemoryFigure.*:OutputLimit.*:TimeLimits.*:JudgeEnds.*:-*Thorough*
ARM64_TOOLS   = qemu-system-aarch64:qemu-system-arm mmdebstrap:mmdebstrap cpio:cpio mkfs.ext4:e2fsprogs \
                fakeroot:fakeroot $(CROSS_ARM64):crossbuild-essential-arm64

# The root, the kernel and the initramfs's modules, made again when the package list or the
# script changes; the initramfs again when its init does.
$(ARM64_IMAGES)/modules.cpio.gz: arm64/packages.txt arm64/root.sh
	$(call say,ROOT,$(ARM64_IMAGES)/root.img)arm64/root.sh $(ARM64_IMAGES)
$(ARM64_IMAGES)/initrd: $(ARM64_IMAGES)/modules.cpio.gz arm64/initramfs_init.sh
	$(call say,INITRD,$@)arm64/root.sh --initrd $(ARM64_IMAGES)

# The cross build first (the guest runs its judge and tests), then the images: mmdebstrap reads
# the network while nothing else does.
arm64-check:
	@for tool in $(ARM64_TOOLS); do command -v $${tool%%:*} >/dev/null || { \
	  echo "$${tool%%:*} not found: sudo apt-get install $${tool##*:} (make cross-arm64 also needs: $(ARM64_INSTALL))" >&2; \
	  exit 1; }; done
	$(Q)+$(CROSS_ARM64_BUILD)
	$(Q)$(MAKE) $(ARM64_IMAGES)/initrd
	$(call say,TEST,arm64/check.sh)ARM64_CROSS_MAKE='$(CROSS_ARM64_MAKE)' ARM64_TESTS='$(ARM64_TESTS)' \
	  arm64/check.sh $(BUILD) $(FILES)
