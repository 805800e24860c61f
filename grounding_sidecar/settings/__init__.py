"""Global settings (defaults < YAML file < environment < flags) and workspace overrides.

See docs/configuration.md.  `load_settings` validates everything at start-up;
`ConfigMapPolicySource` applies per-workspace overrides from a watched directory.
"""

from grounding_sidecar.settings.loader import SettingsError, load_settings
from grounding_sidecar.settings.schema import (
    ENV_PREFIX,
    SETTINGS,
    Settings,
    SettingSpec,
    env_var_for,
)

__all__ = [
    "ENV_PREFIX",
    "SETTINGS",
    "SettingSpec",
    "Settings",
    "SettingsError",
    "env_var_for",
    "load_settings",
]
