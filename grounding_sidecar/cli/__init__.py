"""The `grounding-sidecar` command line: one module per subcommand, `main` builds the parser."""
