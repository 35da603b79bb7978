"""Shared test set-up: hypothesis profiles, chosen by HYPOTHESIS_PROFILE.

The default is ``ci`` (100 derandomized examples a test), on a developer's machine as in CI, so
``python -m pytest`` runs the same examples everywhere; ``dev`` explores with fresh random
examples, ``thorough`` with many more.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile("thorough", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
