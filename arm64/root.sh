#!/usr/bin/env bash
# Usage: arm64/root.sh OUT_DIR
# Makes what the arm64 guest boots (arm64/README.md), from Debian 12's arm64 packages alone:
#   OUT_DIR/root.img  an ext4 image of arm64/packages.txt's packages and their dependencies,
#                     unpacked by mmdebstrap (its extract variant: no maintainer script runs, so
#                     nothing is emulated here; what those scripts would do that the check needs,
#                     this script or arm64/guest.sh does), every file owned by root;
#   OUT_DIR/vmlinuz   the kernel of the linux-image-arm64 unpacked there;
#   OUT_DIR/modules.cpio.gz  the initramfs but its /init: busybox-static's busybox and the modules
#                     the root needs to be mounted (virtio's PCI and block devices, ext4, 9p,
#                     overlay).
# Usage: arm64/root.sh --initrd OUT_DIR
#   OUT_DIR/initrd    that archive, and after it one of arm64/initramfs_init.sh as /init (the kernel
#                     unpacks one after the other).
# Nothing on the machine changes: no binfmt_misc, no mount, no package installed. Run by a user
# other than root, the image is made under fakeroot (the owners and modes of the packages' files
# are kept).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

# The modules named, each after the modules it needs (its depends=), as paths below DIR.
modules_for() {  # modules_for DIR NAME...
  local dir=$1 ko name
  shift
  declare -gA module_path=() module_seen=()
  while read -r ko; do
    name=$(basename "$ko" .ko)
    module_path[${name//-/_}]=$ko
  done < <(cd "$dir" && find kernel -name '*.ko')
  for name in "$@"; do module_visit "$dir" "$name"; done
}
module_visit() {
  local dir=$1 name=${2//-/_} dep
  [ -z "${module_seen[$name]:-}" ] || return 0
  module_seen[$name]=1
  [ -n "${module_path[$name]:-}" ] || { echo "arm64/root.sh: no module $name in $dir" >&2; exit 1; }
  for dep in $(grep -a -o -m1 'depends=[^[:cntrl:]]*' "$dir/${module_path[$name]}" | cut -d= -f2 | tr , ' '); do
    module_visit "$dir" "$dep"
  done
  echo "${module_path[$name]}"
}

# The unpacked packages as root would own them, made into the image, the kernel and the initramfs.
image() {  # image OUT_DIR (as root, or under fakeroot)
  local out=$1 tree=$1/root.tmp/tree
  mkdir -p "$tree" && tar -x -C "$tree" -f "$out/root.tmp/root.tar" && rm -f "$out/root.tmp/root.tar"
  # What base-passwd's and the alternatives' scripts would have written.
  printf '%s\n' 'root:x:0:0:root:/root:/bin/bash' 'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin' \
    > "$tree/etc/passwd"
  printf '%s\n' 'root:x:0:' 'nogroup:x:65534:' > "$tree/etc/group"
  ln -sf mawk "$tree/usr/bin/awk"
  ln -sf which.debianutils "$tree/usr/bin/which"
  echo arm64-check > "$tree/etc/hostname"
  mkdir -p "$tree/root" "$tree/tmp" "$tree/proc" "$tree/sys" "$tree/dev" "$tree/run"
  chmod 1777 "$tree/tmp"

  # The kernel, taken out of the root; the initramfs from busybox and the modules.
  local release ramfs=$out/root.tmp/initramfs
  release=$(ls "$tree/lib/modules")
  cp "$tree/boot/vmlinuz-$release" "$out/vmlinuz.tmp" && rm -rf "$tree"/boot/*
  echo "$release" > "$out/kernel-release.tmp"
  mkdir -p "$ramfs/bin" "$ramfs/modules"
  cp "$tree/bin/busybox" "$ramfs/bin/busybox"
  local ko
  for ko in $(modules_for "$tree/lib/modules/$release" virtio_pci virtio_blk virtio_rng ext4 crc32c_generic 9p 9pnet_virtio overlay); do
    cp "$tree/lib/modules/$release/$ko" "$ramfs/modules/"
    basename "$ko" >> "$ramfs/modules/order"
  done
  (cd "$ramfs" && find . | cpio --quiet -o -H newc -R 0:0) | gzip -1 > "$out/modules.cpio.gz.tmp"

  # The image: what the root holds and 2 GB more (the guest writes to a snapshot of it, never here).
  local size=$(( $(du -sm "$tree" | cut -f1) + 2048 ))
  mkfs.ext4 -q -F -L root -d "$tree" "$out/root.img.tmp" "${size}M"
}

# The initramfs: the modules' archive, then the init's.
initrd() {  # initrd OUT_DIR
  local out=$1 ramfs
  ramfs=$(mktemp -d)
  cp "$here/initramfs_init.sh" "$ramfs/init" && chmod 755 "$ramfs/init"
  { cat "$out/modules.cpio.gz"; (cd "$ramfs" && echo init | cpio --quiet -o -H newc -R 0:0) | gzip -1; } > "$out/initrd.tmp"
  rm -rf "$ramfs"
  mv -f "$out/initrd.tmp" "$out/initrd"
}

if [ "${1:-}" = --image ]; then image "$2"; exit; fi
if [ "${1:-}" = --initrd ]; then initrd "$2"; exit; fi

out=$(mkdir -p "${1:?usage: arm64/root.sh OUT_DIR}" && cd "$1" && pwd)
rm -rf "$out/root.tmp" && mkdir -p "$out/root.tmp"
trap 'rm -rf "$out/root.tmp"' EXIT
# The host's apt sources (Debian's archive), Debian 12's suite; /usr merged, as on any Debian 12.
sources=$(ls /etc/apt/sources.list.d/debian.sources 2>/dev/null || echo /etc/apt/sources.list)
packages=$(sed 's/#.*//' "$here/packages.txt" | xargs | tr ' ' ,)
mmdebstrap --quiet --variant=extract --architectures=arm64 --include="$packages" \
  --setup-hook=/usr/share/mmdebstrap/hooks/merged-usr/setup00.sh \
  --format=tar bookworm "$out/root.tmp/root.tar" - < "$sources"
if [ "$(id -u)" = 0 ]; then image "$out"; else fakeroot -- "$0" --image "$out"; fi
for made in root.img vmlinuz kernel-release modules.cpio.gz; do mv -f "$out/$made.tmp" "$out/$made"; done
