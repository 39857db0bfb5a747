# The container (container/README.md): the image of Dockerfile, for a machine without Debian.
# make container-check runs the README's container lines with Podman (container/check.sh): the
# debian:12 base made by mmdebstrap (kept in $(BUILD)/container), the image, three files judged,
# make test inside, the page served from the container and driven from the host, the tree then
# built on the host. CI runs it.
container-check:
	@for tool in podman mmdebstrap runc; do command -v $$tool >/dev/null || { \
	  echo "$$tool not found: sudo apt-get install podman mmdebstrap runc uidmap" >&2; exit 1; }; done
	$(call say,TEST,container/check.sh)container/check.sh $(BUILD)
