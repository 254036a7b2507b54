//! Marks drawn alike on the board and in its key, so the key shows what the board shows.

use bevy_egui::egui;

/// The tick on a threat that has moved and fired this phase: a green mark on a dark disc.
pub(crate) fn done_tick(painter: &egui::Painter, at: egui::Pos2, radius: f32) {
    painter.circle(
        at,
        radius,
        egui::Color32::from_rgb(14, 20, 30),
        egui::Stroke::new(1.5, egui::Color32::from_rgb(120, 230, 140)),
    );
    let r = radius * 0.55;
    painter.line(
        vec![
            at + egui::vec2(-r, 0.0),
            at + egui::vec2(-r * 0.3, r * 0.7),
            at + egui::vec2(r, -r * 0.6),
        ],
        egui::Stroke::new(
            (radius * 0.28).max(1.8),
            egui::Color32::from_rgb(120, 230, 140),
        ),
    );
}

/// A Defense's digits: dark on their shield.
pub(crate) const DEFENSE_INK: egui::Color32 = egui::Color32::from_rgb(16, 18, 28);

/// Half the width and half the height of the shield behind digits whose ink is `ink`.
pub(crate) fn shield_half_size(ink: egui::Rect) -> (f32, f32) {
    (ink.width() / 2.0 + 3.0, ink.height() / 2.0 + 3.5)
}

/// A heraldic shield centred on the digits (`ink`, laid out at the origin) at `centre`: flat
/// at the top, pointed below, filled `fill` in a dark edge. Two readers of read 45 took a
/// token's bare white Defense for a sector number (the rim's badges and the list's are white
/// digits in circles): a Defense now has a shape of its own.
pub(crate) fn defense_shield(
    painter: &egui::Painter,
    centre: egui::Pos2,
    ink: egui::Rect,
    fill: egui::Color32,
) {
    let (w, h) = shield_half_size(ink);
    let shoulder = h * 0.5;
    let points = vec![
        centre + egui::vec2(-w, -h),
        centre + egui::vec2(w, -h),
        centre + egui::vec2(w, shoulder),
        centre + egui::vec2(0.0, h),
        centre + egui::vec2(-w, shoulder),
    ];
    painter.add(egui::Shape::convex_polygon(
        points,
        fill,
        egui::Stroke::new(1.5, egui::Color32::from_black_alpha(220)),
    ));
}

/// A cloaking ship's mark as the board draws it round the chit: twelve dashes on a ring of
/// `radius` (dots there read as a cog's teeth, read 46).
pub(crate) fn cloak_dashes(painter: &egui::Painter, at: egui::Pos2, radius: f32, width: f32) {
    let step = std::f32::consts::TAU / 12.0;
    for dash in 0..12 {
        let points: Vec<egui::Pos2> = (0..=4)
            .map(|k| {
                let a = (dash as f32 + 0.22 + 0.56 * k as f32 / 4.0) * step;
                at + egui::vec2(a.cos(), a.sin()) * radius
            })
            .collect();
        painter.add(egui::Shape::line(
            points,
            egui::Stroke::new(width, crate::game::theme::palette::CLOAK.egui()),
        ));
    }
}
