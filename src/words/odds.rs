//! The win rates the setup screen quotes for each preset and crew: measured by
//! `balance --crews --write`, shipped as data (`assets/balance.ron`), never typed by hand.

use serde::{Deserialize, Serialize};

/// Measured win rates, as `balance --crews --write` keeps them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BalanceData {
    pub games: u64,
    pub seed: u64,
    /// The advisor's rollouts per decision.
    pub rollouts: u32,
    pub rates: Vec<Rate>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    pub preset: String,
    pub players: usize,
    /// Win rates, 0 to 1: the heuristic (Ensign) and the advisor (Captain).
    pub ensign: f64,
    pub captain: f64,
}

impl BalanceData {
    /// The numbers shipped with the game (`assets/balance.ron`), when they parse.
    pub fn shipped() -> Option<BalanceData> {
        ron::from_str(include_str!("../../assets/balance.ron")).ok()
    }

    pub fn rate(&self, preset: &str, players: usize) -> Option<&Rate> {
        self.rates
            .iter()
            .find(|r| r.preset == preset && r.players == players)
    }
}
