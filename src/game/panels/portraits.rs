//! A character's portrait, painted: a bust in the show's uniform on a viewscreen's dark glass,
//! with the hair, ears and features that tell the crew apart at a glance. Readers called a
//! seat with a badge and a name "a prototype"; a board game shows its people. Drawn in code
//! like every picture of the game: nothing downloaded, nothing of anyone else's. Here too the
//! hand's character tile that shows it, and the Starfleet delta where no character is chosen.

use bevy_egui::egui::{
    self, Align2, Color32, CornerRadius, FontId, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, vec2,
};
use std::f32::consts::TAU;

use crate::game::theme;

/// How a character's hair is cut: the shape that reads first at a seat's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hair {
    /// Short, swept to one side over the brow.
    Swept,
    /// A straight fringe cut low across the brow, with pointed sideburns.
    Bowl,
    /// Short and parted, the brow clear.
    Parted,
    /// Short and close.
    Short,
    /// Gathered high on the crown.
    Bun,
    /// Full and long over the brow and the ears.
    Mop,
}

/// What sets one face apart from another.
struct Face {
    skin: Color32,
    hair: Color32,
    cut: Hair,
    pointed_ears: bool,
    moustache: bool,
    earrings: bool,
    /// Brows that rise towards the temples.
    brows_up: bool,
}

const fn rgb(r: u8, g: u8, b: u8) -> Color32 {
    Color32::from_rgb(r, g, b)
}

/// A face for a character this table does not know yet (a new one in the data).
const PLAIN: Face = Face {
    skin: rgb(214, 172, 138),
    hair: rgb(90, 84, 80),
    cut: Hair::Short,
    pointed_ears: false,
    moustache: false,
    earrings: false,
    brows_up: false,
};

/// The face of a character of `assets/characters.ron`, by its id, as the show's crew look.
fn face(character_id: &str) -> Option<Face> {
    let plain = PLAIN;
    Some(match character_id {
        "kirk" => Face {
            skin: rgb(234, 190, 158),
            hair: rgb(128, 86, 48),
            cut: Hair::Swept,
            ..plain
        },
        "spock" => Face {
            skin: rgb(226, 204, 160),
            hair: rgb(24, 22, 22),
            cut: Hair::Bowl,
            pointed_ears: true,
            brows_up: true,
            ..plain
        },
        "mccoy" => Face {
            skin: rgb(232, 186, 160),
            hair: rgb(84, 60, 44),
            cut: Hair::Parted,
            ..plain
        },
        "scotty" => Face {
            skin: rgb(238, 192, 166),
            hair: rgb(52, 38, 30),
            moustache: true,
            ..plain
        },
        "uhura" => Face {
            skin: rgb(122, 80, 54),
            hair: rgb(22, 18, 16),
            cut: Hair::Bun,
            earrings: true,
            ..plain
        },
        "sulu" => Face {
            skin: rgb(216, 172, 128),
            hair: rgb(20, 18, 18),
            ..plain
        },
        "chekov" => Face {
            skin: rgb(238, 198, 172),
            hair: rgb(100, 66, 38),
            cut: Hair::Mop,
            ..plain
        },
        _ => return None,
    })
}

/// What tells a character's portrait from another's at a seat's size (its hair's cut and
/// colour, its skin, its ears, a moustache, earrings), or `None` for a character with no
/// face of its own yet (it gets a plain one).
pub fn likeness(character_id: &str) -> Option<String> {
    face(character_id).map(|f| {
        format!(
            "{:?} {:?} {:?} {} {} {}",
            f.cut, f.hair, f.skin, f.pointed_ears, f.moustache, f.earrings
        )
    })
}

/// `colour` darker by `by` (0 to 1).
fn darker(colour: Color32, by: f32) -> Color32 {
    let k = 1.0 - by;
    let [r, g, b, a] = colour.to_array();
    Color32::from_rgba_unmultiplied(
        (f32::from(r) * k) as u8,
        (f32::from(g) * k) as u8,
        (f32::from(b) * k) as u8,
        a,
    )
}

/// Paints the portrait of the character `character_id` in `rect` (best square), in a frame
/// of its uniform's colour.
pub fn portrait(painter: &egui::Painter, rect: Rect, character_id: &str, uniform: Color32) {
    let face = face(character_id).unwrap_or(PLAIN);
    let side = rect.width().min(rect.height());
    let frame = Rect::from_center_size(rect.center(), vec2(side, side));
    let painter = painter.with_clip_rect(frame.intersect(painter.clip_rect()));
    let round = CornerRadius::same((side * 0.18).min(10.0) as u8);
    // Unit coordinates in the frame, from its top left.
    let at = |x: f32, y: f32| frame.min + vec2(x, y) * side;
    let ellipse = |centre: Pos2, rx: f32, ry: f32| -> Vec<Pos2> {
        (0..32)
            .map(|i| {
                let a = i as f32 * TAU / 32.0;
                centre + vec2(a.cos() * rx, a.sin() * ry) * side
            })
            .collect()
    };
    let fill = |points: Vec<Pos2>, colour: Color32| {
        painter.add(Shape::convex_polygon(points, colour, Stroke::NONE));
    };
    // The part of an ellipse above the line from `a` to `b` (unit coordinates): a hair's
    // cap, cut at the brow. The arc above the line, and where the ellipse crosses it: no
    // points in a row along the cut, which egui's edge smoothing draws as streaks.
    let cap = |centre: Pos2, rx: f32, ry: f32, a: [f32; 2], b: [f32; 2]| -> Vec<Pos2> {
        let a = at(a[0], a[1]);
        let b = at(b[0], b[1]);
        // Above the line is where this is negative (screen y grows downwards).
        let side_of = |p: Pos2| (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        let arc = ellipse(centre, rx, ry);
        let mut points = Vec::new();
        for (i, &p) in arc.iter().enumerate() {
            let q = arc[(i + 1) % arc.len()];
            let (sp, sq) = (side_of(p), side_of(q));
            if sp <= 0.0 {
                points.push(p);
            }
            if (sp < 0.0) != (sq < 0.0) {
                points.push(p + (q - p) * (sp / (sp - sq)));
            }
        }
        points
    };
    // The viewscreen: dark glass, lit from above behind the head.
    painter.rect_filled(frame, round, rgb(12, 20, 38));
    painter.circle_filled(
        at(0.5, 0.36),
        side * 0.42,
        Color32::from_rgba_unmultiplied(50, 90, 150, 70),
    );
    painter.circle_filled(
        at(0.5, 0.34),
        side * 0.26,
        Color32::from_rgba_unmultiplied(70, 120, 190, 60),
    );

    // Hair that shows behind the head: a crown gathered high, a full cut over the ears.
    match face.cut {
        Hair::Bun => {
            fill(ellipse(at(0.5, 0.15), 0.12, 0.1), face.hair);
            fill(ellipse(at(0.5, 0.4), 0.205, 0.24), face.hair);
        }
        Hair::Mop => fill(ellipse(at(0.5, 0.41), 0.21, 0.25), face.hair),
        _ => {}
    }

    // The shoulders in the uniform, the black collar, the neck.
    fill(ellipse(at(0.5, 1.1), 0.47, 0.38), uniform);
    fill(ellipse(at(0.5, 1.12), 0.47, 0.34), darker(uniform, 0.18));
    fill(ellipse(at(0.5, 0.755), 0.15, 0.065), rgb(16, 16, 18));
    fill(
        vec![
            at(0.44, 0.58),
            at(0.56, 0.58),
            at(0.56, 0.75),
            at(0.44, 0.75),
        ],
        darker(face.skin, 0.22),
    );

    // Ears, the head, and its shade on the far side.
    for sign in [-1.0, 1.0] {
        let x = 0.5 + sign * 0.165;
        match face.pointed_ears {
            true => fill(
                vec![
                    at(x, 0.52),
                    at(x + sign * 0.045, 0.3),
                    at(x + sign * 0.05, 0.46),
                ],
                face.skin,
            ),
            false => fill(ellipse(at(x, 0.45), 0.035, 0.06), face.skin),
        }
    }
    fill(ellipse(at(0.5, 0.44), 0.16, 0.2), face.skin);
    let shade: Vec<Pos2> = ellipse(at(0.5, 0.44), 0.16, 0.2)
        .into_iter()
        .filter(|p| p.x >= frame.min.x + side * 0.5)
        .collect();
    fill(shade, darker(face.skin, 0.12));

    // The hair's cap over the brow: the ellipse (centre's height, radii) cut at the brow's
    // line (from its left end to its right end).
    let (y, rx, ry, left, right) = match face.cut {
        Hair::Swept => (0.41, 0.175, 0.235, 0.33, 0.27),
        Hair::Bowl => (0.42, 0.178, 0.24, 0.335, 0.335),
        Hair::Parted => (0.41, 0.172, 0.23, 0.27, 0.3),
        Hair::Short => (0.41, 0.168, 0.228, 0.29, 0.29),
        Hair::Bun => (0.41, 0.175, 0.235, 0.31, 0.29),
        Hair::Mop => (0.42, 0.2, 0.25, 0.35, 0.33),
    };
    fill(
        cap(at(0.5, y), rx, ry, [0.3, left], [0.7, right]),
        face.hair,
    );
    // A lock swept over the brow; a bowl cut's pointed sideburns.
    match face.cut {
        Hair::Swept => fill(ellipse(at(0.44, 0.29), 0.1, 0.045), face.hair),
        Hair::Bowl => {
            for sign in [-1.0, 1.0] {
                let x = 0.5 + sign * 0.158;
                fill(
                    vec![
                        at(x, 0.33),
                        at(x - sign * 0.03, 0.33),
                        at(x - sign * 0.005, 0.47),
                    ],
                    face.hair,
                );
            }
        }
        Hair::Parted | Hair::Short | Hair::Bun | Hair::Mop => {}
    }

    // The features, where the portrait is large enough for them to read.
    if side >= 26.0 {
        let ink = darker(face.skin, 0.72);
        let thin = Stroke::new((side * 0.022).max(1.0), ink);
        for sign in [-1.0, 1.0] {
            painter.circle_filled(at(0.5 + sign * 0.065, 0.445), side * 0.018, ink);
            let brow = match face.brows_up {
                true => [at(0.5 + sign * 0.035, 0.405), at(0.5 + sign * 0.105, 0.38)],
                false => [at(0.5 + sign * 0.035, 0.4), at(0.5 + sign * 0.1, 0.398)],
            };
            painter.line_segment(brow, Stroke::new(thin.width, darker(face.hair, 0.1)));
        }
        painter.line_segment(
            [at(0.505, 0.46), at(0.515, 0.51)],
            Stroke::new(thin.width, darker(face.skin, 0.3)),
        );
        if face.moustache {
            fill(ellipse(at(0.5, 0.535), 0.06, 0.018), face.hair);
        }
        painter.line_segment(
            [at(0.465, 0.565), at(0.535, 0.565)],
            Stroke::new(thin.width, darker(face.skin, 0.45)),
        );
        if face.earrings {
            for sign in [-1.0, 1.0] {
                painter.circle_filled(at(0.5 + sign * 0.17, 0.53), side * 0.02, rgb(236, 190, 70));
            }
        }
        // Starfleet's delta on the chest.
        let d = at(0.66, 0.88);
        let r = side * 0.045;
        fill(
            vec![
                d + vec2(0.0, -r),
                d + vec2(r * 0.7, r),
                d + vec2(-r * 0.7, r),
            ],
            rgb(236, 196, 90),
        );
    }
    painter.rect_stroke(
        frame,
        round,
        Stroke::new((side * 0.035).clamp(1.0, 2.0), uniform),
        StrokeKind::Inside,
    );
}

/// A player's character, as the first tile of their hand: portrait, name, character and
/// ability (cut to the tile; hovering shows it whole).
pub(crate) fn character_tile(
    ui: &mut egui::Ui,
    size: egui::Vec2,
    (player, character, ability, summary): (&str, &str, &str, &str),
    (character_id, cards): (&str, usize),
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::WidgetType::Label,
            true,
            format!("{player}, {character}, {cards} cards: {ability}"),
        )
    });
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 6.0, theme::seat(painter.ctx()));
    painter.rect_stroke(rect, 6.0, Stroke::new(1.5, theme::GOLD), StrokeKind::Inside);
    let inner = rect.shrink(6.0);
    let side = (inner.height() * 0.45).clamp(30.0, 56.0);
    let picture = Rect::from_min_size(inner.min, vec2(side, side));
    portrait(
        &painter,
        picture,
        character_id,
        theme::uniform(character_id),
    );
    let beside = picture.right() + 6.0;
    let name = painter.text(
        Pos2::new(beside, inner.top()),
        Align2::LEFT_TOP,
        player,
        theme::display_font(painter.ctx(), 22.0),
        theme::GOLD,
    );
    // The hand's size, as each seat says its own (read 12 found it nowhere for the player
    // whose turn it is): "3 cards", or just "3" beside a long name.
    let count = match cards {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    };
    let font = FontId::proportional(12.0);
    let wide = painter
        .layout_no_wrap(count.clone(), font.clone(), theme::TEXT)
        .size()
        .x;
    let count = match name.right() + 6.0 + wide <= inner.right() {
        true => count,
        false => cards.to_string(),
    };
    painter.text(
        Pos2::new(inner.right(), name.center().y),
        Align2::RIGHT_CENTER,
        count,
        font,
        theme::TEXT,
    );
    let galley = painter.layout(
        character.to_string(),
        FontId::proportional(12.0),
        theme::TEXT,
        inner.right() - beside,
    );
    let top = inner.min.y + 19.0;
    painter.galley(Pos2::new(beside, top), galley.clone(), theme::TEXT);
    let y = (top + galley.size().y).max(picture.bottom()) + 3.0;
    let text = Rect::from_min_max(Pos2::new(inner.left(), y), inner.max);
    let rows = (text.height() / 14.0).floor().max(0.0) as usize;
    if rows > 0 {
        let galley =
            super::cards::whole_or_summary(&painter, &[ability, summary], 12.0, text.width(), rows);
        if let Some(galley) = galley {
            painter.galley(text.min, galley, theme::quiet(painter.ctx()));
        }
    }
    response.on_hover_text(format!("{player}: {character}\n{ability}"))
}

/// The Starfleet delta in a uniform's colour: a character's badge.
pub(crate) fn insignia(painter: &egui::Painter, centre: Pos2, radius: f32, colour: Color32) {
    painter.circle_filled(centre, radius, Color32::from_gray(20));
    painter.circle_stroke(centre, radius, Stroke::new(1.5, colour));
    let r = radius * 0.72;
    let delta = [
        centre + vec2(0.0, -r),
        centre + vec2(r * 0.62, r * 0.8),
        centre + vec2(0.0, r * 0.35),
        centre + vec2(-r * 0.62, r * 0.8),
    ];
    painter.add(egui::Shape::convex_polygon(
        vec![delta[0], delta[1], delta[2]],
        colour,
        Stroke::NONE,
    ));
    painter.add(egui::Shape::convex_polygon(
        vec![delta[0], delta[2], delta[3]],
        colour,
        Stroke::NONE,
    ));
}
