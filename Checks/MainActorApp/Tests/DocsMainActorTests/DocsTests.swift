// The docs' code is written next to this file by scripts/write-doc-tests.py (not committed):
// the README's blocks, the DocC articles' blocks and the snippets.
