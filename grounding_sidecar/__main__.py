import sys

from grounding_sidecar.cli.main import main

sys.exit(main())
