//! The board read aloud, sentence by sentence, from the keyboard (issue 43): B steps to the
//! next of the board's sentences (each sector's forecast, each mission token), Shift+B back.
//! The sentence in reach holds the focus, so a screen reader says it (Orca 43 says what takes
//! the focus), and the table rings it for the eye. Any other key, or a card picked, ends it.

use bevy::prelude::*;

use super::selection::Selection;

/// Which of the board's sentences the keyboard has reached, if any, and how many there are
/// (the table counts them as it paints them: `table::labels`).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct BoardReading {
    pub at: Option<usize>,
    pub count: usize,
}

impl BoardReading {
    /// The sentence `step` away from the one in reach (the first or the last when none is),
    /// round the board.
    pub fn step(&mut self, forward: bool) {
        if self.count == 0 {
            self.at = None;
            return;
        }
        self.at = Some(match (self.at, forward) {
            (None, true) => 0,
            (None, false) => self.count - 1,
            (Some(i), true) => (i + 1) % self.count,
            (Some(i), false) => (i + self.count - 1) % self.count,
        });
    }
}

/// B and Shift+B step the reading; any other key, a card picked or a choice lit ends it (run
/// with the table's keys, `hotkeys`).
pub(crate) fn read_by_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    selection: Res<Selection>,
    mut reading: ResMut<BoardReading>,
) {
    let Some(keys) = keys else { return };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyB) {
        reading.step(!shift);
        return;
    }
    let other = keys
        .get_just_pressed()
        .any(|k| !matches!(k, KeyCode::ShiftLeft | KeyCode::ShiftRight));
    if reading.at.is_some() && (other || selection.card.is_some() || selection.focus.is_some()) {
        reading.at = None;
    }
}
