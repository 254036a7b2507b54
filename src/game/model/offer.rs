//! A button the table offers: the action it sends and its words. Every list of them is made
//! of these: the cards' and the top bar's (`offers`), the rules windows' (`window_offers`).

use stp_rules::PlayerAction;

/// A button: the action it sends and its words.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub action: PlayerAction,
    pub words: String,
}
