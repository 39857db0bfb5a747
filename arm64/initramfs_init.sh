#!/bin/busybox sh
# The arm64 guest's first program (arm64/root.sh puts it in the initramfs as /init). Loads the
# modules the root needs (Debian's kernel has virtio's PCI and block drivers, ext4, 9p and overlay
# as modules) and mounts:
#   - the root, the first disk (a snapshot: nothing written there reaches the host's image);
#   - the host's working tree (9p, tag "repo") at the path the kernel's command line names
#     (repo=PATH: the host's own, where the cross-built programs look for it), under an overlay
#     whose writable layer is on the root: what the guest builds and judges stays in the guest,
#     with the guest's own clock on its files, and the host's tree is only read;
#   - the run's folder (9p, tag "run") at /mnt/run, where the host wrote the plan and the guest
#     writes what it found.
# Then runs arm64/guest.sh from that tree as the root's init.
/bin/busybox mkdir -p /proc /sys /dev /root
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for module in $(cat /modules/order); do
  insmod "/modules/$module" || echo "initramfs: $module not loaded"
done
repo=
for word in $(cat /proc/cmdline); do
  case $word in repo=*) repo=${word#repo=} ;; esac
done
fail() { echo "initramfs: $*"; poweroff -f; }
for _ in $(seq 100); do [ -b /dev/vda ] && break; sleep 0.1; done
mount -t ext4 /dev/vda /root || fail "no root on /dev/vda"
share() {  # share TAG DIR CACHE
  mkdir -p "$2" && mount -t 9p -o "trans=virtio,version=9p2000.L,msize=512000,cache=$3" "$1" "$2" ||
    fail "the host's folder $1 (9p) not mounted at $2"
}
share repo /root/mnt/repo loose
share run /root/mnt/run mmap
layer=/root/var/lib/arm64-check
mkdir -p "$layer/upper" "$layer/work" "/root$repo"
mount -t overlay overlay -o "lowerdir=/root/mnt/repo,upperdir=$layer/upper,workdir=$layer/work" "/root$repo" ||
  fail "the working tree's overlay not mounted at $repo"
umount /proc /sys
mount --move /dev /root/dev
exec switch_root /root /bin/bash "$repo/arm64/guest.sh"
