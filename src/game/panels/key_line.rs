//! The key to the board's marks under the turn's controls: as many of its entries as the
//! column has room for, each whole, and where the rest is.

use bevy_egui::egui;
use stp_rules::GameState;

/// The key to the board's marks, where the column has room for it: as many of its
/// entries as fit, first first, then where the rest is ("K shows every mark"; read 35:
/// two readers never met the dotted ring's meaning where only "Press K" showed; read
/// 36 found "K: every mark" cryptic).
pub(super) fn key_line(ui: &mut egui::Ui, state: &GameState, done: bool, acting: bool) {
    if ui.available_height() >= 16.0 {
        // Each entry whole on its line: a wrap inside one ("inner plates / Hull") read as
        // two marks (read 32).
        let mut entries: Vec<String> = super::log::legend(state)
            .split(" · ")
            .map(|entry| entry.replace(' ', "\u{a0}"))
            .collect();
        if done {
            entries.insert(1, "green\u{a0}tick:\u{a0}done\u{a0}this\u{a0}phase".into());
        }
        if acting {
            entries.insert(1, "white\u{a0}ring:\u{a0}acting\u{a0}now".into());
        }
        // A size up from the smallest and lighter than the quiet grey: readers of read 41
        // found the key's lines "tiny grey".
        let quiet = crate::game::theme::card_words(ui.ctx());
        let font = egui::FontId::proportional(13.0);
        let width = ui.available_width();
        let wide = |text: &str| {
            let galley = ui
                .painter()
                .layout_no_wrap(text.to_string(), font.clone(), quiet);
            galley.size().x
        };
        let row = ui.fonts_mut(|fonts| fonts.row_height(&font));
        // Whole entries, or else the key's pointer: never a cut line, and no line that
        // ends in a "·" (a separator left at a line's end read as cut text).
        let shown = (1..=entries.len()).rev().find_map(|n| {
            let mut chosen: Vec<String> = entries[..n].to_vec();
            if n < entries.len() {
                chosen.push("K\u{a0}shows\u{a0}every\u{a0}mark".to_string());
            }
            let lines = key_lines(&chosen, width, &wide);
            (lines.len() as f32 * row <= ui.available_height()).then(|| lines.join("\n"))
        });
        let key = shown.unwrap_or_else(|| "Press K: what the board's marks mean".to_string());
        // Each mark's name lighter than what it means, so an entry that starts a line reads
        // as a new one: "… inner Hull" over "dashed ring: …" read as one run (read 53).
        let mut job = egui::text::LayoutJob::default();
        let format = |color| egui::TextFormat::simple(font.clone(), color);
        for (i, line) in key.lines().enumerate() {
            if i > 0 {
                job.append("\n", 0.0, format(quiet));
            }
            for (j, entry) in line.split(" · ").enumerate() {
                if j > 0 {
                    job.append(" · ", 0.0, format(quiet));
                }
                match entry.split_once(':') {
                    Some((mark, meaning)) => {
                        job.append(&format!("{mark}:"), 0.0, format(crate::game::theme::TEXT));
                        job.append(meaning, 0.0, format(crate::game::theme::quiet(ui.ctx())));
                    }
                    None => job.append(entry, 0.0, format(quiet)),
                }
            }
        }
        ui.add(egui::Label::new(job).wrap());
    }
}

/// The key's entries in lines no wider than `width`, each entry whole, " · " between the
/// entries of a line and none at a line's end.
fn key_lines(entries: &[String], width: f32, wide: &dyn Fn(&str) -> f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for entry in entries {
        match lines.last_mut() {
            Some(line) if wide(&format!("{line} · {entry}")) <= width => {
                line.push_str(" · ");
                line.push_str(entry);
            }
            _ => lines.push(entry.clone()),
        }
    }
    lines
}
