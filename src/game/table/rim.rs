//! The board's rim: by each sector, its number, the name of the ship's facing that points
//! there now, and what that facing will take in the coming threat phase. The names turn with
//! the ship, as her facings do.

use bevy_egui::egui;

use super::framing::BOARD_RADIUS;
use super::intent::Foresight;
use super::labels::{BoardPainter, SceneMarks};
use super::{on_board, sector_angle};
use crate::words::describe::facing_name;

/// "fore-starboard" → "Fore-Starboard".
fn title_case(words: &str) -> String {
    words
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Where a group of text of `size` goes beside a rim point, pushed outward along `out` (the
/// board's outward direction on screen there).
fn beside(point: egui::Pos2, out: egui::Vec2, size: egui::Vec2) -> egui::Rect {
    let min = if out.x.abs() >= 0.45 {
        let left = if out.x > 0.0 {
            point.x
        } else {
            point.x - size.x
        };
        egui::pos2(left, point.y - size.y / 2.0 + out.y * size.y * 0.5)
    } else {
        let top = if out.y < 0.0 {
            point.y - size.y
        } else {
            point.y
        };
        egui::pos2(point.x - size.x / 2.0, top)
    };
    egui::Rect::from_min_size(min, size)
}

/// What one facing will take in the coming threat phase, a line for the Shield and one for
/// the Hull, with "?" where chance may add more; empty for nothing. "next:" says it is a
/// forecast, not the state (a reader took "Shield −1" for damage already done).
fn incoming(f: &stp_rules::preview::FacingIntent) -> Vec<String> {
    let mut lines = Vec::new();
    if f.shield_hits > 0 {
        lines.push(format!("next: Shield −{}", f.shield_hits));
    }
    if f.hull_hits > 0 {
        lines.push(format!("next: Hull −{}", f.hull_hits));
    }
    if f.chance {
        match lines.last_mut() {
            Some(last) => last.push_str(" ?"),
            None => lines.push("next: ?".into()),
        }
    }
    lines
}

/// The board's rim, sector by sector: the sector's number, the name of the facing that points
/// there now (the forward two in gold), and what that facing will take.
pub(super) fn rim_labels(
    board: &BoardPainter,
    font: f32,
    state: &stp_rules::GameState,
    foresight: &Foresight,
    marks: &mut SceneMarks,
) {
    for facing in 0..6u8 {
        let sector = state.enterprise.sector_of_facing(facing);
        let angle = sector_angle(sector);
        let (Some(point), Some(further)) = (
            board.screen(on_board(angle, BOARD_RADIUS + 0.2, 0.0)),
            board.screen(on_board(angle, BOARD_RADIUS + 1.2, 0.0)),
        ) else {
            continue;
        };
        let out = (further - point).normalized();
        let fore = facing == 0 || facing == 5;
        let number = board.galley(
            &format!("{}", sector + 1),
            font + 3.0,
            egui::Color32::from_gray(235),
        );
        let name_color = match fore {
            true => egui::Color32::from_rgb(255, 214, 110),
            false => egui::Color32::from_rgb(150, 200, 255),
        };
        // Beside the board's sides there is little room: a long name breaks at its hyphen.
        let mut name_text = title_case(facing_name(facing));
        if out.x.abs() > 0.9 {
            name_text = name_text.replacen('-', "-\n", 1);
        }
        let name = board.galley(&name_text, font, name_color);
        let hits: Vec<_> = foresight
            .0
            .as_ref()
            .map(|p| incoming(&p.facings[facing as usize]))
            .unwrap_or_default()
            .into_iter()
            .map(|words| {
                // Beside the sides, "next:" takes its own line too.
                let shown = match out.x.abs() > 0.9 {
                    true => words.replacen("next: ", "next:\n", 1),
                    false => words.clone(),
                };
                (
                    board.galley(&shown, font - 1.0, egui::Color32::from_rgb(255, 170, 140)),
                    words,
                )
            })
            .collect();
        let first = egui::vec2(
            number.size().x + 16.0 + name.size().x,
            number.size().y.max(name.size().y),
        );
        let rows: Vec<egui::Vec2> = hits
            .iter()
            .map(|(g, _)| g.size() + egui::vec2(6.0, 2.0))
            .collect();
        let size = egui::vec2(
            rows.iter().map(|r| r.x).fold(first.x, f32::max),
            first.y + 5.0 + rows.iter().map(|r| r.y).sum::<f32>(),
        );
        // A margin all round for the number's badge, which stands out of its line.
        let group = beside(point, out, size + egui::vec2(10.0, 10.0)).shrink(5.0);
        // Rows hug the board's side of the group.
        let row_left = |width: f32| match out.x {
            x if x > 0.45 => group.left(),
            x if x < -0.45 => group.right() - width,
            _ => group.center().x - width / 2.0,
        };
        let at = egui::pos2(row_left(first.x), group.top());
        let name_at = at
            + egui::vec2(
                number.size().x + 16.0,
                (number.size().y - name.size().y).max(0.0) / 2.0,
            );
        let number_text = number.text().to_string();
        // The sector's number as a rim badge, its ring gold on the Fore.
        let ring = match fore {
            true => egui::Color32::from_rgb(236, 190, 70),
            false => egui::Color32::from_rgb(120, 150, 190),
        };
        let number_rect = board.badge(at + number.size() / 2.0, number, ring);
        marks.labels.push((number_text, number_rect));
        let name_text = name.text().replace('\n', "");
        let name_rect = board.paint(name_at, name, None, true);
        marks.labels.push((name_text.clone(), name_rect));
        marks.tips.push((
            name_rect.union(number_rect),
            format!(
                "Sector {}: the Enterprise's {name_text} facing points here now.",
                sector + 1
            ),
        ));
        // Below the number's badge, which stands a little out of its line.
        let mut top = group.top() + first.y + 7.0;
        for (galley, words) in hits {
            let height = galley.size().y + 2.0;
            let at = egui::pos2(row_left(galley.size().x + 6.0) + 3.0, top);
            let rect = board.paint(
                at,
                galley,
                Some(egui::Color32::from_black_alpha(210)),
                false,
            );
            let tip = match words.contains('?') {
                true => format!(
                    "{name_text}: {words}. \"?\" means chance decides: a cloaked ship's die roll says where it uncloaks and fires."
                ),
                false => format!(
                    "{name_text} will take {words} in the coming Threats Move & Fire phase."
                ),
            };
            marks.tips.push((rect, tip));
            marks.labels.push((words, rect));
            top += height;
        }
    }
}
