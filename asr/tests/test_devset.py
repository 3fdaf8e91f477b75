"""The speaker-recognition development set (tests/devset.py) is what its README says: 32 + 24 + 12 + 16 recordings of
2-6 speakers, both sexes in each, at least three languages in each set, real people in the development and first
held-out sets, a reference RTTM per recording that matches the audio, and two held-out sets whose voices no other set
uses. Made from the
committed clips by espeak-ng and sox, so it checks structure, not recognition."""

from __future__ import annotations

import wave

import pytest
from devset import ESPEAK_DEV, ESPEAK_HELDOUT, ESPEAK_HELDOUT2, REAL_DEV, REAL_HELDOUT, SETS, build, read_rttm


@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    out = tmp_path_factory.mktemp("devset")
    return {which: build(which, out) for which in SETS}


def test_the_voice_pools_are_disjoint_and_varied():
    dev = {v.name for v in REAL_DEV + ESPEAK_DEV}
    held = {v.name for v in REAL_HELDOUT + ESPEAK_HELDOUT}
    held2 = {v.name for v in ESPEAK_HELDOUT2}
    assert not dev & held and not dev & held2 and not held & held2
    # the variant sets an espeak-ng voice: none shared between or within the pools
    variants = [v.espeak.split("+")[1] for v in ESPEAK_DEV + ESPEAK_HELDOUT + ESPEAK_HELDOUT2]
    assert len(variants) == len(set(variants))
    for pool in (REAL_DEV + ESPEAK_DEV, REAL_HELDOUT + ESPEAK_HELDOUT, ESPEAK_HELDOUT2):
        assert {v.sex for v in pool} == {"m", "f"}
        assert len({v.lang for v in pool}) >= 3
        assert len({v.accent for v in pool}) >= 5


def test_recordings_have_2_to_6_speakers_and_an_exact_reference(sets):
    assert len(sets["dev"]) >= 30 and len(sets["heldout"]) >= 10 and len(sets["heldout2"]) >= 12
    for recordings in sets.values():
        assert {r.speakers for r in recordings} == {2, 3, 4, 5, 6}
        assert {r.style for r in recordings} == {"meeting", "quick", "monologue", "once", "overlap"}
        for r in recordings:
            turns = read_rttm(r.rttm)
            with wave.open(str(r.wav)) as w:
                seconds = w.getnframes() / w.getframerate()
            assert abs(seconds - r.seconds) < 0.01
            assert len({spk for _, _, spk in turns}) == r.speakers == len(r.voices)
            assert all(0 <= s < e <= seconds for s, e, _ in turns)
            if r.style == "overlap":  # some turns start before the previous one ends
                ends = sorted(turns)
                assert any(b[0] < a[1] and a[2] != b[2] for a, b in zip(ends, ends[1:], strict=False))


def test_both_sets_are_made_the_same_way_every_time(sets, tmp_path):
    """Same seeds, same turns. espeak-ng itself is not bit-exact from run to run (one utterance came out 10 ms
    longer in one of two builds), so times may drift by a few frames."""
    again = build("heldout", tmp_path)
    for a, b in zip(again, sets["heldout"], strict=True):
        ta, tb = read_rttm(a.rttm), read_rttm(b.rttm)
        assert [t[2] for t in ta] == [t[2] for t in tb]
        assert max(max(abs(x[0] - y[0]), abs(x[1] - y[1])) for x, y in zip(ta, tb, strict=True)) < 0.1
