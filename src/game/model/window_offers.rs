//! The rules windows' choices, as the table offers them: the boarders' (each Security Team
//! that may be played, then "Let them board") and Spock's (each order of the drawn tokens).
//! Number keys and the windows' buttons answer them alike.

use stp_rules::{Action, GameState, PlayerId, Window};

use super::offer::Offer;
use crate::words::describe::token_name;

/// The open rules window's choices (the boarders' or Spock's), which number keys answer.
pub fn window_choices(state: &GameState) -> Vec<Offer> {
    match state.turn().window {
        Some(Window::Boarding { .. }) => boarding(state),
        Some(Window::SpockChoice { .. }) => spock(state),
        _ => Vec::new(),
    }
}

/// The boarding window: each Security Team that may be played, then "let them board".
pub fn boarding(state: &GameState) -> Vec<Offer> {
    if !matches!(state.turn().window, Some(Window::Boarding { .. })) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, seat) in state.players().iter().enumerate() {
        for a in state.legal_actions(i as PlayerId) {
            if let Action::PlaySecurityTeam { .. } = a.action {
                out.push(Offer {
                    action: a,
                    words: format!("{}: play Security Team", seat.name),
                });
            }
        }
    }
    out.extend(
        state
            .legal_actions(state.turn().active)
            .into_iter()
            .filter(|a| a.action == Action::ResolveBoarding)
            .map(|a| Offer {
                action: a,
                words: "Let them board".into(),
            }),
    );
    out
}

/// Spock's window: each ordered pair of the drawn tokens.
pub fn spock(state: &GameState) -> Vec<Offer> {
    state
        .legal_actions(state.turn().active)
        .into_iter()
        .filter_map(|a| match a.action {
            Action::ChooseThreats { first, second } => Some(Offer {
                action: a,
                words: format!("{}, then {}", token_name(first), token_name(second)),
            }),
            _ => None,
        })
        .collect()
}
