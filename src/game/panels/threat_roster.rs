//! The threats on the board (and a mission's tokens) as a list, in the side column's room
//! below the ship and the mission: a line per piece, inner ring first, "5 LONG  KANG Def 3",
//! a space's other pieces under its first (or, where the room is short, a paragraph per ring),
//! each piece's intent on hover. Readers placed a third
//! of the tokens in the wrong ring from the picture alone; the list says it in words, from the
//! same state and the same names as the board.

use bevy_egui::egui;
use stp_rules::{GameState, Range};

use crate::game::theme;
use crate::game::theme::palette;
use crate::game::theme::threat_looks::short_name;
use crate::words::describe::intent_words;

/// The header's height with the space above it, for deciding whether the list fits.
const HEADER: f32 = 30.0;
/// The list's text size and the gap between its lines: a size under the body's, so that a
/// full board's list fits the room a 1280x720 window leaves.
const SIZE: f32 = 13.0;
/// What follows a mission token's name in the list.
const MISSION_TAG: &str = " (mission)";
const GAP: f32 = 1.0;

/// A space on the board (its sector, from 0, and ring) with its pieces' words and tokens (a
/// threat's; none for a mission's token).
pub type Space = (u8, Range, Vec<(String, Option<stp_rules::TokenId>)>);

/// The spaces holding a piece, inner ring first, then by sector: each with its pieces' words
/// ("KANG 3", "cloaked ship", "Starbase", "Planet Killer (mission)") and tokens. A mission's
/// token is listed too: a reader missed the Planet Killer, the one piece the list left out.
pub fn spaces(state: &GameState) -> Vec<Space> {
    let mut spaces: Vec<Space> = Vec::new();
    let mut add =
        |sector: u8, range: Range, piece: (String, Option<stp_rules::TokenId>)| match spaces
            .iter_mut()
            .find(|(s, r, _)| *s == sector && *r == range)
        {
            Some((_, _, pieces)) => pieces.push(piece),
            None => spaces.push((sector, range, vec![piece])),
        };
    for t in state.threats() {
        use stp_rules::content::ThreatKind;
        // "Def": a bare "Klingon 1" read as the ship's number, beside the sector's number in
        // its disc (read 30, all three readers). What is no ship has no Defense, as no Hit card
        // targets it: the list says why it has no number.
        let words = match (
            t.cloaked,
            &stp_rules::content::builtin().threat(t.token).threat,
        ) {
            (true, _) => "cloaked ship".to_string(),
            (false, ThreatKind::Ship { .. }) => {
                format!("{} Def {}", short_name(t.token), t.defense)
            }
            (false, ThreatKind::Comet { .. }) => format!("{} (no Defense)", short_name(t.token)),
            (false, ThreatKind::Starbase) => "Starbase (ally)".to_string(),
        };
        add(t.pos.sector, t.pos.range, (words, Some(t.token)));
    }
    for m in state.mission_tokens() {
        let name = &stp_rules::content::builtin().mission_tokens[m.token as usize].name;
        add(
            m.pos.sector,
            m.pos.range,
            (format!("{name}{MISSION_TAG}"), None),
        );
    }
    spaces.sort_by_key(|(sector, range, _)| (*range as u8, *sector));
    spaces
}

/// A piece's words as a screen reader says them: "Def" in full.
fn spoken(words: &str) -> String {
    words.replace(" Def ", ", Defense ")
}

/// The list's two shapes: a line for each space, or, where those do not fit, a paragraph for
/// each ring ("MEDIUM  4: Klingon 1 · KOR 3   5: cloaked ship"), denser, so six seats'
/// columns still hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    PerSpace,
    PerRing,
}

/// A ring's name, in its edge's colour.
fn ring_words(range: Range) -> (&'static str, palette::Rgb) {
    match range {
        Range::Short => ("SHORT", palette::RANGE_EDGES[0]),
        Range::Medium => ("MEDIUM", palette::RANGE_EDGES[1]),
        Range::Long => ("LONG", palette::RANGE_EDGES[2]),
    }
}

/// The paragraphs of a shape, as plain text: what is measured, and what is drawn.
fn lines(spaces: &[Space], shape: Shape) -> Vec<String> {
    let words = |pieces: &Vec<(String, Option<stp_rules::TokenId>)>| {
        let words: Vec<&str> = pieces.iter().map(|(w, _)| w.as_str()).collect();
        words.join(" · ")
    };
    match shape {
        // A row for each piece, its space's number and ring before the first and as wide a
        // margin before the others, as `threat_roster` draws them ("(2) " is as wide as the
        // number's pill).
        Shape::PerSpace => spaces
            .iter()
            .flat_map(|(sector, range, pieces)| {
                pieces.iter().map(move |(piece, _)| {
                    format!("({})  {}  {piece}", sector + 1, ring_words(*range).0)
                })
            })
            .collect(),
        Shape::PerRing => [Range::Short, Range::Medium, Range::Long]
            .into_iter()
            .filter_map(|ring| {
                let here: Vec<String> = spaces
                    .iter()
                    .filter(|(_, range, _)| *range == ring)
                    .map(|(sector, _, pieces)| format!("{}: {}", sector + 1, words(pieces)))
                    .collect();
                (!here.is_empty()).then(|| format!("{}  {}", ring_words(ring).0, here.join("   ")))
            })
            .collect(),
    }
}

/// Where egui keeps, for a column and a shape, how much taller a row of the list was drawn
/// than `estimate` said (rows of mixed sizes, the header's spacing spread over them): the
/// next frame's room includes it, so a list that is drawn never overruns its column.
fn correction_id(ui: &egui::Ui, shape: Shape) -> egui::Id {
    ui.id()
        .with(("threat-list-drawn-taller-than-estimated", shape as u8))
}

/// The height a shape of the list takes in this column: the estimate, with what the last
/// drawing of it here measured beyond the estimate.
fn height_of(ui: &egui::Ui, spaces: &[Space], shape: Shape) -> f32 {
    let per_row: f32 = ui
        .ctx()
        .data(|d| d.get_temp(correction_id(ui, shape)))
        .unwrap_or(0.0);
    let (height, rows) = estimate(ui, spaces, shape);
    height + per_row * rows
}

/// The height a shape of the list takes in this column, its paragraphs wrapped to the
/// column's width, with its header and a margin; and its number of rows.
fn estimate(ui: &egui::Ui, spaces: &[Space], shape: Shape) -> (f32, f32) {
    let font = egui::FontId::proportional(SIZE);
    let width = ui.available_width().max(1.0);
    let row = ui.fonts_mut(|f| f.row_height(&font)) + GAP;
    let wide = |text: &str| {
        ui.painter()
            .layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    };
    let rows: f32 = lines(spaces, shape)
        .iter()
        .map(|line| match shape {
            // A line wraps at its words, a little short of the width.
            Shape::PerSpace => (wide(line) / (width - 8.0)).ceil().max(1.0),
            // A ring's spaces are packed whole, as `horizontal_wrapped` lays them out.
            Shape::PerRing => {
                let mut rows = 1.0;
                let mut filled = 0.0;
                for unit in line.split("   ").map(|unit| wide(unit) + 9.0) {
                    if filled > 0.0 && filled + unit > width {
                        rows += 1.0;
                        filled = 0.0;
                    }
                    // One wider than the column wraps onto rows of its own.
                    if unit > width {
                        rows += (unit / width).ceil() - 1.0;
                        filled = width;
                    } else {
                        filled += unit;
                    }
                }
                rows
            }
        })
        .sum();
    // A margin: the column must end where it ends without the list.
    (HEADER + row * rows + 6.0, rows)
}

/// The room the list needs in this column: its roomier shape's, or with `least`, its denser
/// one's; 0 with no piece on the board.
pub fn height_needed(ui: &egui::Ui, state: &GameState, least: bool) -> f32 {
    let spaces = spaces(state);
    if spaces.is_empty() {
        return 0.0;
    }
    height_of(
        ui,
        &spaces,
        if least {
            Shape::PerRing
        } else {
            Shape::PerSpace
        },
    )
}

/// Draws the list where the column has room for all of it (a list cut short would mislead),
/// a line for each space, or, with `dense`, a paragraph for each ring where those would not
/// fit; returns whether it did.
pub fn threat_roster(
    ui: &mut egui::Ui,
    state: &GameState,
    foresight: Option<&stp_rules::preview::ThreatPreview>,
    dense: bool,
) -> bool {
    let spaces = spaces(state);
    if spaces.is_empty() {
        return false;
    }
    let room = ui.available_height();
    let shapes: &[Shape] = if dense {
        &[Shape::PerSpace, Shape::PerRing]
    } else {
        &[Shape::PerSpace]
    };
    let Some(shape) = shapes
        .iter()
        .copied()
        .find(|shape| height_of(ui, &spaces, *shape) <= room)
    else {
        return false;
    };
    let (estimated, rows) = estimate(ui, &spaces, shape);
    let (id, top) = (correction_id(ui, shape), ui.cursor().top());
    ui.add_space(6.0);
    // The note says what the row's disc is: readers took the circled sector for a Defense beside
    // the "Def" (read 32). One form in both columns: "sector · ring · threat" fitted only the
    // crew's, and three readers of reads 35 and 36 named the shorter one in the ship's as cut.
    // "On the board", whatever is on it: the list holds the Starbase (an ally) and a mission's
    // tokens as well as threats (read 38 asked why the Galileo stood "under THREATS"), and a
    // header that changed with them read as the layout changing (read 40).
    theme::header_with_note(ui, "On the board", &["sector · ring"], theme::BAR_THREATS);
    ui.spacing_mut().item_spacing.y = GAP;
    let piece = |ui: &mut egui::Ui, words: &str, token: Option<stp_rules::TokenId>| {
        let intent = foresight
            .and_then(|p| p.threats.iter().find(|t| Some(t.token) == token))
            .map(intent_words);
        // A mission's token in the mission's colour, as its card's bar.
        let colour = match token {
            Some(_) => theme::card_words(ui.ctx()),
            None => theme::BAR_MISSION,
        };
        // A mission's token says so where the row has the room; where it has not, the tag
        // goes to the hover and the name keeps the row, in the mission's colour ("(mission)"
        // wrapped alone under the list's numbers read as a seventh entry, read 22).
        let width = |text: &str| {
            ui.painter()
                .layout_no_wrap(text.into(), egui::FontId::proportional(SIZE), colour)
                .size()
                .x
        };
        let (words, tag) = match words.strip_suffix(MISSION_TAG) {
            Some(name) if width(words) > ui.available_rect_before_wrap().width() => (name, true),
            _ => (words, false),
        };
        // A piece's words stay on one row, moved whole to the next where they would not fit
        // this one ("cloaked" ended a row and "ship" began the next, docs' table.png); only
        // a piece wider than the whole column wraps.
        let whole = width(words) <= ui.max_rect().width();
        let wrap = match whole {
            true => egui::TextWrapMode::Extend,
            false => egui::TextWrapMode::Wrap,
        };
        let label = ui.add(
            egui::Label::new(egui::RichText::new(words).size(SIZE).color(colour)).wrap_mode(wrap),
        );
        let label = match tag {
            true => label.on_hover_text("A mission's token, not a threat: see the mission's card."),
            false => label,
        };
        if let Some(intent) = intent {
            // A screen reader hears what the eye gets on hover.
            label.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::WidgetType::Label,
                    true,
                    format!("{}: next, {intent}.", spoken(words)),
                )
            });
            label.on_hover_text(format!("Next: {intent}."));
        }
    };
    // The sector's number in a ring, as the board's rim badges show it: a bare number
    // before "KANG 3" was read as the Defense's neighbour, the sector as 3 (read 12).
    let sector_number = |ui: &mut egui::Ui, sector: u8| {
        let side = ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(SIZE)));
        // A pill wider than the row is tall, so the digit stands clear of its edges: in a disc
        // the row's height across, the round edge clipped the digit and readers of reads 49
        // and 52 read "3" as "1" and "2" as "3".
        let (rect, badge) =
            ui.allocate_exact_size(egui::vec2(side * 1.4, side), egui::Sense::hover());
        badge.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::WidgetType::Label,
                true,
                format!("Sector {}", sector + 1),
            )
        });
        // Dark on a filled light ground, as large as the row allows: a light digit in a thin
        // ring read "4" as "2" at 1280x720 (read 29), and at 12 points two readers of read 31
        // read "3" as "5".
        let painter = ui.painter();
        painter.rect_filled(
            rect.expand2(egui::vec2(0.5, 1.0)),
            egui::CornerRadius::same((side / 2.0) as u8),
            egui::Color32::from_gray(222),
        );
        painter.text(
            rect.center() + egui::vec2(0.0, 0.5),
            egui::Align2::CENTER_CENTER,
            format!("{}", sector + 1),
            egui::FontId::proportional(SIZE + 2.0),
            egui::Color32::from_gray(12),
        );
    };
    let ring_name = |ui: &mut egui::Ui, range: Range| {
        let (name, edge) = ring_words(range);
        ui.label(
            egui::RichText::new(name)
                .size(SIZE - 2.0)
                .color(edge.egui()),
        );
    };
    let column = ui.available_width();
    let space = |ui: &mut egui::Ui, sector: u8, pieces: &[(String, Option<stp_rules::TokenId>)]| {
        let mut job = egui::text::LayoutJob::default();
        let font = egui::FontId::proportional(SIZE);
        let format = |color| egui::TextFormat::simple(font.clone(), color);
        job.append(&format!("{}:", sector + 1), 0.0, format(theme::TEXT));
        let words: Vec<&str> = pieces.iter().map(|(w, _)| w.as_str()).collect();
        job.append(&words.join(" · "), 4.0, format(theme::card_words(ui.ctx())));
        // Whole on a row where it fits one; else wrapped, never wider than the column.
        let whole = ui.fonts_mut(|f| f.layout_job(job.clone())).size().x <= column;
        let wrap = if whole {
            egui::TextWrapMode::Extend
        } else {
            egui::TextWrapMode::Wrap
        };
        let label = ui.add(egui::Label::new(job).wrap_mode(wrap));
        let intents: Vec<String> = pieces
            .iter()
            .filter_map(|(words, token)| {
                let intent = foresight?
                    .threats
                    .iter()
                    .find(|t| Some(t.token) == *token)?;
                Some(format!("{}: {}.", spoken(words), intent_words(intent)))
            })
            .collect();
        if !intents.is_empty() {
            label.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::WidgetType::Label,
                    true,
                    format!("Sector {}: next, {}", sector + 1, intents.join(" ")),
                )
            });
            label.on_hover_text(format!("Next: {}", intents.join("\n")));
        }
    };
    match shape {
        Shape::PerSpace => {
            for (sector, range, pieces) in &spaces {
                // A space's next piece on a row of its own, with its sector and ring again:
                // after a "·" it wrapped under the sector's number and read as a space of its
                // own (read 39), and indented under the first it read as a row whose place
                // was missing (read 49).
                for (words, token) in pieces {
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing.x = 5.0;
                        sector_number(ui, *sector);
                        ring_name(ui, *range);
                        piece(ui, words, *token);
                    });
                }
            }
        }
        Shape::PerRing => {
            for ring in [Range::Short, Range::Medium, Range::Long] {
                let here: Vec<&Space> = spaces.iter().filter(|(_, r, _)| *r == ring).collect();
                if here.is_empty() {
                    continue;
                }
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 9.0;
                    ring_name(ui, ring);
                    // A space whole on one row ("5: Klingon 1 · KOR 3"), so a sector's number
                    // never parts from its pieces (a Defense and the next number read as one).
                    for (sector, _, pieces) in here {
                        space(ui, *sector, pieces);
                    }
                });
            }
        }
    }
    // The list's real height (with the margin the estimate keeps) against the estimate: to
    // where the next widget would go, less the gap after the last line (the panel's own
    // rectangle reaches the window's foot, so it cannot say).
    let drawn = ui.cursor().top() - top - GAP + 6.0;
    let per_row = ((drawn - estimated) / rows.max(1.0)).max(0.0);
    let before: Option<f32> = ui.ctx().data(|d| d.get_temp(id));
    if before.is_none_or(|before| (before - per_row).abs() > 0.01) {
        ui.ctx().data_mut(|d| d.insert_temp(id, per_row));
        // Laid out again with what was learnt, not at the next input.
        ui.ctx().request_repaint();
    }
    true
}
