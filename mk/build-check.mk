# make build-check: the four changes a newcomer makes most (a solution, a test file, a file in a
# room of the judge, a file of the server), each a new file in a scratch copy, found, built and run
# with no file of the build touched (mk/one_file_changes.sh).
build-check:
	$(call say,TEST,mk/one_file_changes.sh)mk/one_file_changes.sh
