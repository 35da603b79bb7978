"""Shared test set-up: hypothesis profiles, chosen by HYPOTHESIS_PROFILE.

The default is ``ci`` (100 derandomized examples a test), on a developer's machine as in CI, so
``python -m pytest`` runs the same examples everywhere; the quick loop (``-m "not slow"``) takes
``quick``, derandomized too, 50 a test; ``dev`` explores with fresh random
examples, ``thorough`` with many more.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile("quick", parent=settings.get_profile("ci"), max_examples=50)
settings.register_profile("thorough", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def quick_loop(config: pytest.Config) -> bool:
    """The run is the README's quick loop: ``-m "not slow"`` (other selections, such as .ci/run's
    ``-m "not slow and not browser"`` of the sdist, keep ``ci``)."""
    return (config.option.markexpr or "").split() == ["not", "slow"]


def pytest_configure(config: pytest.Config) -> None:
    """The quick loop takes the ``quick`` profile unless HYPOTHESIS_PROFILE names one (before the
    test modules are imported: those that count examples from the profile's see it)."""
    if "HYPOTHESIS_PROFILE" not in os.environ and quick_loop(config):
        settings.load_profile("quick")
