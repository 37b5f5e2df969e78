// `uniflow new` writes this module's files here (Scaffold/scripts/test.sh); not committed.
