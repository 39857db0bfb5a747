# make build-check: the four changes a newcomer makes most (a solution, a test file, a file in a
# room of the judge, a file of the server), each a new file in a scratch copy, found, built and run
# with no file of the build touched (mk/one_file_changes.sh); and the folders' rules, read in
# reverse, giving the same commands (mk/any_order.sh).
build-check:
	$(call say,TEST,mk/any_order.sh)mk/any_order.sh
	$(call say,TEST,mk/one_file_changes.sh)mk/one_file_changes.sh
