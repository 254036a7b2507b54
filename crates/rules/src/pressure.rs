//! Where the fire would fall: each facing's incoming fire if every uncloaked ship fired now,
//! and the most threatened sections by it (ruling R5's automatic repairs, the bots' repairs).

use crate::content::builtin;
use crate::state::{FACINGS, GameState, SectionKind, SectionRef, SectionState};

impl GameState {
    /// `pressure` of every facing, in one pass over the threats.
    pub(crate) fn pressures(&self) -> [u8; FACINGS as usize] {
        let content = builtin();
        let mut each = [0u8; FACINGS as usize];
        for t in self.threats.iter().filter(|t| !t.cloaked) {
            let facing = self.enterprise.facing_of_sector(t.pos.sector) as usize;
            each[facing] += content.threat(t.token).firepower();
        }
        each
    }

    /// Incoming fire on a ship facing if every uncloaked ship fired now; used to pick which
    /// section an automatic repair goes to (ruling R5).
    pub(crate) fn pressure(&self, facing: u8) -> u8 {
        let content = builtin();
        self.threats
            .iter()
            .filter(|t| !t.cloaked && self.enterprise.facing_of_sector(t.pos.sector) == facing)
            .map(|t| content.threat(t.token).firepower())
            .sum()
    }

    /// Sections in `state`, most threatened facing first (ties: lowest facing).
    pub(crate) fn sections_by_pressure(
        &self,
        kind: SectionKind,
        state: SectionState,
    ) -> Vec<SectionRef> {
        let mut sections: Vec<SectionRef> = (0..FACINGS)
            .map(|facing| SectionRef { kind, facing })
            .filter(|s| self.enterprise.section(*s) == state)
            .collect();
        sections.sort_by_key(|s| std::cmp::Reverse(self.pressure(s.facing)));
        sections
    }

    /// The first of `sections_by_pressure`, without listing the rest: the most threatened
    /// section in `state` (ties: lowest facing).
    pub(crate) fn most_pressed(
        &self,
        kind: SectionKind,
        state: SectionState,
    ) -> Option<SectionRef> {
        let sections = match kind {
            SectionKind::Shield => &self.enterprise.shields,
            SectionKind::Hull => &self.enterprise.hull,
        };
        // One section in that state is the answer whatever presses it (the usual case); the
        // pressures are summed only to choose between two or more.
        let mut matching = sections.iter().enumerate().filter(|(_, s)| **s == state);
        let first = matching.next()?;
        if matching.next().is_none() {
            let facing = first.0 as u8;
            return Some(SectionRef { kind, facing });
        }
        let pressures = self.pressures();
        let mut best: Option<(u8, SectionRef)> = None;
        for facing in 0..FACINGS {
            let section = SectionRef { kind, facing };
            if sections[facing as usize] != state {
                continue;
            }
            let pressure = pressures[facing as usize];
            if best.is_none_or(|(most, _)| pressure > most) {
                best = Some((pressure, section));
            }
        }
        best.map(|(_, section)| section)
    }
}
