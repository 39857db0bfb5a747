#!/bin/bash
# The arm64 guest's init: arm64/initramfs_init.sh runs it as process 1, from the working tree the
# host shares. It does what a boot and the packages' own scripts would have done that the check
# needs (the kernel's file systems, the dynamic linker's cache, the loopback), runs the check's
# steps (arm64/steps.sh) on the plan the host wrote in the run's folder (/mnt/run), then powers
# the machine off.
set -u
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb
repo=$(cd "$(dirname "$0")/.." && pwd)
mount -t proc proc /proc
mount -t sysfs sys /sys
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs -o mode=1777 tmpfs /dev/shm
# A tmpfs for /tmp, but not over the working tree (a clone under /tmp, as CI's may be): there the
# root's own /tmp, on the snapshot, serves.
case $repo/ in /tmp/*) ;; *) mount -t tmpfs -o mode=1777 tmpfs /tmp ;; esac
mount -t tmpfs tmpfs /run
ldconfig
cat /etc/hostname > /proc/sys/kernel/hostname
busybox ip link set lo up
cd "$repo"
echo "guest: up after $(cut -d' ' -f1 /proc/uptime) s of its own time: $(nproc) CPUs, Linux $(uname -r) $(uname -m)"
bash arm64/steps.sh /mnt/run
sync
busybox poweroff -f
