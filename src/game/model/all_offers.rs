//! Every action the table offers now, by all its ways in at once: what the test that every
//! legal action has a way in compares with the rules' own list. Above `offers` and
//! `window_offers`, which it sums.

use stp_rules::{GameState, PlayerAction, PlayerId};

use crate::game::model::offers::{card_menu, partners, plays, shifts, targets, top_bar};
use crate::game::model::selection::Selection;
use crate::game::model::window_offers::{boarding, spock};

/// Every action the table offers now, by any of its ways in: the top bar's enabled controls,
/// every card's menu, every choice of every card the active player can pick, and the windows.
pub fn everything(state: &GameState) -> Vec<PlayerAction> {
    let mut out: Vec<PlayerAction> = top_bar(state)
        .into_iter()
        .filter(|c| c.refusal.is_none())
        .map(|c| c.offer.action)
        .collect();
    for (i, seat) in state.players().iter().enumerate() {
        for card in &seat.hand {
            out.extend(
                card_menu(state, i as PlayerId, *card)
                    .into_iter()
                    .map(|o| o.action),
            );
        }
    }
    let active = state.turn().active;
    for card in state.players()[active as usize].hand.iter().copied() {
        let selection = Selection {
            card: Some((active, card)),
            ..Selection::default()
        };
        let plays = plays(state, &selection);
        for with in partners(&plays) {
            for shift in shifts(&plays, with) {
                out.extend(
                    targets(state, &plays, with, shift)
                        .into_iter()
                        .map(|o| o.action),
                );
            }
        }
    }
    out.extend(boarding(state).into_iter().map(|o| o.action));
    out.extend(spock(state).into_iter().map(|o| o.action));
    out
}
