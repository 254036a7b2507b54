//! The threats on the board as a list, in the side column's room below the ship and the
//! mission: one line per space, inner ring first, "5 LONG  KANG 3 · Klingon 1", each piece's
//! intent on hover. Readers placed a third of the tokens in the wrong ring from the picture
//! alone; the list says it in words, from the same state and the same names as the board.

use bevy_egui::egui;
use stp_rules::{GameState, Range};

use super::theme;
use crate::game::palette;
use crate::game::table::threat_looks::short_name;
use crate::words::describe::intent_words;

/// The header's height with the space above it, for deciding whether the list fits.
const HEADER: f32 = 30.0;
/// The list's text size and the gap between its lines: a size under the body's, so that a
/// full board's list fits the room a 1280x720 window leaves.
const SIZE: f32 = 13.0;
const GAP: f32 = 1.0;

/// A space on the board (its sector, from 0, and ring) with its pieces' words and tokens.
pub type Space = (u8, Range, Vec<(String, stp_rules::TokenId)>);

/// The spaces holding a piece, inner ring first, then by sector: each with its pieces' words
/// ("KANG 3", "cloaked ship", "Starbase") and tokens.
pub fn spaces(state: &GameState) -> Vec<Space> {
    let mut spaces: Vec<Space> = Vec::new();
    for t in &state.threats {
        let words = match (
            t.cloaked,
            stp_rules::content::builtin().threat(t.token).is_ship(),
        ) {
            (true, _) => "cloaked ship".to_string(),
            (false, true) => format!("{} {}", short_name(t.token), t.defense),
            (false, false) => short_name(t.token).to_string(),
        };
        match spaces
            .iter_mut()
            .find(|(sector, range, _)| *sector == t.pos.sector && *range == t.pos.range)
        {
            Some((_, _, pieces)) => pieces.push((words, t.token)),
            None => spaces.push((t.pos.sector, t.pos.range, vec![(words, t.token)])),
        }
    }
    spaces.sort_by_key(|(sector, range, _)| (*range as u8, *sector));
    spaces
}

/// Draws the list where the column has room for all of it (a list cut short would mislead);
/// returns whether it did.
pub fn threat_roster(
    ui: &mut egui::Ui,
    state: &GameState,
    foresight: Option<&stp_rules::preview::ThreatPreview>,
) -> bool {
    let spaces = spaces(state);
    if spaces.is_empty() {
        return false;
    }
    // Each space's line measured as it will wrap in the column's width (with the longest
    // ring's name).
    let font = egui::FontId::proportional(SIZE);
    let width = ui.available_width().max(1.0);
    let row = ui.fonts_mut(|f| f.row_height(&font)) + GAP;
    let rows: f32 = spaces
        .iter()
        .map(|(sector, _, pieces)| {
            let words: Vec<&str> = pieces.iter().map(|(w, _)| w.as_str()).collect();
            let line = format!("{} MEDIUM  {}", sector + 1, words.join(" · "));
            let galley = ui
                .painter()
                .layout_no_wrap(line, font.clone(), egui::Color32::WHITE);
            (galley.size().x / width).ceil().max(1.0)
        })
        .sum();
    // A margin: the column must end where it ends without the list.
    if ui.available_height() < HEADER + row * rows + 6.0 {
        return false;
    }
    ui.add_space(6.0);
    theme::header(ui, "Threats", theme::BAR_THREATS);
    ui.spacing_mut().item_spacing.y = GAP;
    for (sector, range, pieces) in spaces {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 5.0;
            ui.label(
                egui::RichText::new(format!("{}", sector + 1))
                    .size(SIZE)
                    .strong()
                    .color(theme::TEXT),
            );
            let (name, edge) = match range {
                Range::Short => ("SHORT", palette::RANGE_EDGES[0]),
                Range::Medium => ("MEDIUM", palette::RANGE_EDGES[1]),
                Range::Long => ("LONG", palette::RANGE_EDGES[2]),
            };
            ui.label(
                egui::RichText::new(name)
                    .size(SIZE - 2.0)
                    .color(edge.egui()),
            );
            for (i, (words, token)) in pieces.iter().enumerate() {
                if i > 0 {
                    ui.label(egui::RichText::new("·").size(SIZE).color(theme::QUIET));
                }
                let intent = foresight
                    .and_then(|p| p.threats.iter().find(|t| t.token == *token))
                    .map(intent_words);
                let label = ui.label(
                    egui::RichText::new(words)
                        .size(SIZE)
                        .color(theme::CARD_WORDS),
                );
                if let Some(intent) = intent {
                    label.on_hover_text(format!("Next: {intent}."));
                }
            }
        });
    }
    true
}
