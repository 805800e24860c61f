"""Operations: checking and repairing the environment, regenerating the protos and the
lock file, building and testing the image, installing the Helm tools, and measuring
the sidecar's memory for the chart's resource settings.  The shell scripts run from
the Makefile; the Python ones as `python -m tools.ops.<name>` from the repo root."""
