"""The doctor's model (companion/ui/doctor/model.py): presses, stuck controls, the glow, the
source's counters; pure, time passed in."""

from __future__ import annotations

from companion.input.events import Press, Stuck, Unstuck
from companion.input.pinmap import load_profile
from companion.ui.doctor.command import doctor_model
from companion.ui.doctor.model import LIT_NS, DoctorModel, SourceCounters, SourceReport


def _model() -> DoctorModel:
    return doctor_model(load_profile("gpio-dsi"), SourceReport("sim", "mock", "simulated"), 0)


def test_model_counts_presses_and_tracks_stuck() -> None:
    model = _model()
    model.handle(Press("red.hunter", 10, "gpio:mock", 0))
    model.handle(Stuck("blue.chief", 20, "gpio:mock"))
    assert model.controls["red.hunter"].presses == 1
    assert model.controls["red.hunter"].last_t_ns == 10
    assert model.controls["blue.chief"].stuck
    model.handle(Unstuck("blue.chief", 30, "gpio:mock"))
    assert not model.controls["blue.chief"].stuck


def test_model_gap_is_between_the_last_two_presses() -> None:
    model = _model()
    model.handle(Press("red.hunter", 1_000_000, "gpio:mock", 0))
    model.handle(Press("yellow.hunter", 1_012_000, "gpio:mock", 1))
    assert model.last_gap_ns() == 12_000


def test_glow_fades_out_after_a_press() -> None:
    model = _model()
    model.handle(Press("red.hunter", 1_000, "gpio:mock", 0))
    assert model.glow("red.hunter", 1_000) == 1.0
    assert 0.0 < model.glow("red.hunter", 1_000 + LIT_NS // 2) < 1.0
    assert model.glow("red.hunter", 1_000 + LIT_NS) == 0.0
    assert not model.is_animating(1_000 + LIT_NS)


def test_counters_and_warnings_from_the_source_mark_the_model_changed() -> None:
    model = _model()
    assert model.update_source({"red.hunter": SourceCounters(bounces=3)}, ())
    assert model.controls["red.hunter"].counters.bounces == 3
    assert not model.update_source({"red.hunter": SourceCounters(bounces=3)}, ())
    assert model.update_source({}, ("debounce timer stopped",))
    assert model.warnings == ("debounce timer stopped",)


def test_press_of_a_control_outside_the_profile_is_noted_not_fatal() -> None:
    model = doctor_model(load_profile("gpio-spi35"), SourceReport("sim", "mock", "simulated"), 0)
    model.handle(Press("green.hunter", 1, "keyboard", 0))
    assert model.unknown == ["green.hunter"]
