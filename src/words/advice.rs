//! The advice in words, as `hint` prints it and the game's advisor shows it: why the advised
//! action, in one line.

use stp_rules::advisor::Advice;
use stp_rules::{Action, GameState, Target};

use super::describe::{action_words, facing_name};

/// One line on why: what the advised action's target would do next phase, and how the
/// action fared in the sampled futures against the heuristic bot's choice.
pub fn reason(state: &GameState, advice: &Advice) -> String {
    let best = &advice.best;
    let percent = |wins: u32, of: u32| 100.0 * f64::from(wins) / f64::from(of.max(1));
    let mut words = String::new();
    if let Action::PlayCard {
        target: Target::Threat(token) | Target::Shift(token, _),
        ..
    } = best.action.action
        && let Some(intent) = state
            .threat_preview()
            .and_then(|p| p.threats.into_iter().find(|t| t.token == token))
        && let Some((facing, damage)) = intent.fires
    {
        words.push_str(&format!(
            "Otherwise it fires {damage} at the {} facing next phase. ",
            facing_name(facing)
        ));
    }
    if best.rollouts == 0 {
        words.push_str("It is the only thing to do.");
        return words;
    }
    words.push_str(&format!(
        "Played out in {} possible futures, this won {:.0}% of the games",
        best.rollouts,
        percent(best.wins, best.rollouts)
    ));
    match &advice.heuristic {
        Some(h) if h.rollouts > 0 => words.push_str(&format!(
            "; the obvious move ({}) won {:.0}%.",
            action_words(state, &h.action),
            percent(h.wins, h.rollouts),
        )),
        _ => words.push('.'),
    }
    words
}
