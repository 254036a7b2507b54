//! Where a plate stands beside a piece on the board (a captain's name, a note): clear of the
//! other pieces, the Defense digits, the ship and the piece's other plates, and inside the
//! piece's own ring.

use bevy_egui::egui;
use stp_rules::TokenId;

/// What a plate beside a piece keeps clear of: the other pieces' faces (about `radius`
/// across), every Defense drawn so far, and the piece's own plates.
pub(crate) struct Clear<'a> {
    pub(crate) token: TokenId,
    pub(crate) radius: f32,
    pub(crate) centres: &'a [(TokenId, egui::Pos2)],
    pub(crate) defense: &'a std::collections::BTreeMap<TokenId, egui::Rect>,
    pub(crate) plates: &'a [egui::Rect],
    /// The ship's disc on screen (her Shields' outer edge), the box of an ellipse.
    pub(crate) disc: Option<egui::Rect>,
    /// Whether a rect lies wholly in the piece's own ring: a plate that crossed into the next
    /// ring put its piece on the line between the two for readers (a captain's plate above
    /// a piece in Short Range, reads 25-27).
    pub(crate) in_band: &'a dyn Fn(egui::Rect) -> bool,
}

/// Whether `plate` reaches into the ellipse `disc` bounds.
fn reaches_disc(plate: egui::Rect, disc: egui::Rect) -> bool {
    let (c, r) = (disc.center(), disc.size() / 2.0);
    let near = egui::pos2(
        c.x.clamp(plate.min.x, plate.max.x),
        c.y.clamp(plate.min.y, plate.max.y),
    );
    let (dx, dy) = (
        (near.x - c.x) / r.x.max(1e-3),
        (near.y - c.y) / r.y.max(1e-3),
    );
    dx * dx + dy * dy < 1.0
}

impl Clear<'_> {
    /// Where a plate of `size` stands beside the piece at `c`, just off its face along its
    /// ring (`along`, on screen), on whichever side is clear; `None` where neither is.
    pub(crate) fn beside(
        &self,
        c: egui::Pos2,
        along: egui::Vec2,
        size: egui::Vec2,
    ) -> Option<egui::Pos2> {
        [along, -along]
            .into_iter()
            .map(|d| {
                let reach = d.x.abs() * size.x / 2.0 + d.y.abs() * size.y / 2.0;
                c + d * (self.radius + reach + 3.0) - size / 2.0
            })
            .find(|at| {
                let plate = egui::Rect::from_min_size(*at, size).expand(2.0);
                self.centres.iter().all(|(other, p)| {
                    *other == self.token || plate.distance_to_pos(*p) > self.radius
                }) && self.defense.values().all(|ink| !ink.intersects(plate))
                    && self.plates.iter().all(|r| !r.intersects(plate))
                    && self.disc.is_none_or(|disc| !reaches_disc(plate, disc))
                    && (self.in_band)(plate)
            })
    }
}

/// Steps a plate of `size` at `at` along `away`, 2 px at a time and at most 24 px, until it
/// (with a 3 px margin at its sides) is clear of `ink`: a name or a note on a token's face
/// keeps off its Defense digits.
pub(crate) fn clear_of(
    mut at: egui::Pos2,
    size: egui::Vec2,
    ink: egui::Rect,
    away: egui::Vec2,
) -> egui::Pos2 {
    for _ in 0..12 {
        let plate = egui::Rect::from_min_size(at, size).expand2(egui::vec2(3.0, 0.0));
        if !plate.intersects(ink) {
            break;
        }
        at += away * 2.0;
    }
    at
}
