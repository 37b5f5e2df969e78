// `uniflow new` writes this module's files here (scripts/check-new-screens.sh); not committed.
