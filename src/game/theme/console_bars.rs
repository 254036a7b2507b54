//! The console's section bars, after the starship's own displays: each section's title on a
//! bar in its colour, the elbow and bar that carry it down the column's edge, and the keycaps
//! beside the controls' words. Re-exported by `theme`, which keeps the console's other looks.

use bevy_egui::egui::{self, Color32, vec2};

/// The console's section colours, after the starship's own displays: amber for the ship,
/// lilac for the mission, a pale blue for the crew; a shade under full brightness, so the
/// bars frame the board rather than outshine it (an art director's read).
pub(crate) const BAR_SHIP: Color32 = Color32::from_rgb(222, 148, 64);
pub(crate) const BAR_MISSION: Color32 = Color32::from_rgb(180, 142, 206);
pub(crate) const BAR_CREW: Color32 = Color32::from_rgb(128, 156, 212);
pub(crate) const BAR_THREATS: Color32 = Color32::from_rgb(222, 122, 106);

/// A section's title as the console draws it: a bar in the section's colour, rounded at its
/// ends, the title in dark capitals on it. The title is egui's heading size, so the type scale
/// stays at four sizes.
pub(crate) fn header(ui: &mut egui::Ui, title: &str, colour: Color32) -> egui::Response {
    header_with_note(ui, title, &[], colour)
}

/// A section's title bar with a short note at its right end ("2 of 5 missions"), in the
/// title's ink: a count that took a line of its own under the section. `notes` are the
/// note's words, longest first: the first that fits beside the title is drawn.
pub(crate) fn header_with_note(
    ui: &mut egui::Ui,
    title: &str,
    notes: &[&str],
    colour: Color32,
) -> egui::Response {
    let height = 22.0;
    let (rect, response) =
        ui.allocate_exact_size(vec2(ui.available_width(), height), egui::Sense::hover());
    let painter = ui.painter();
    // The title in the display face, in the section's colour, straight on the panel over a
    // thin rule: the filled pastel bars with dark capitals "are what makes it look like Board
    // Game Arena" (an art director's read after read 42); the colour runs on down the
    // column's edge (`section_frame`).
    let bar = rect;
    painter.rect_filled(
        egui::Rect::from_min_max(egui::pos2(bar.min.x, bar.max.y - 2.0), bar.max),
        egui::CornerRadius::same(1),
        colour.gamma_multiply(0.55),
    );
    let font = egui::TextStyle::Button.resolve(ui.style());
    let title = painter.text(
        egui::pos2(bar.min.x + 4.0, bar.center().y),
        egui::Align2::LEFT_CENTER,
        title.to_uppercase(),
        crate::game::theme::display_font(ui.ctx(), 22.0),
        colour,
    );
    let fits = |note: &&str| {
        let wide = painter
            .layout_no_wrap(note.to_string(), font.clone(), Color32::BLACK)
            .size()
            .x;
        title.right() + 10.0 + wide <= bar.max.x - 4.0
    };
    if let Some(note) = notes.iter().find(|note| fits(note)) {
        painter.text(
            egui::pos2(bar.max.x - 4.0, bar.center().y),
            egui::Align2::RIGHT_CENTER,
            note,
            font,
            crate::game::theme::QUIET,
        );
    }
    // Noted for the column's frame (`section_frame`), which follows the sections' content.
    let pass = ui.ctx().cumulative_pass_nr();
    ui.ctx().data_mut(|d| {
        let titles = d.get_temp_mut_or_default::<Titles>(egui::Id::new(TITLES));
        if titles.pass != pass {
            *titles = Titles {
                pass,
                drawn: Vec::new(),
            };
        }
        titles.drawn.push((bar, colour));
    });
    ui.add_space(2.0);
    response
}

/// This pass's section titles and their colours, for the columns' frames.
#[derive(Clone, Default)]
struct Titles {
    pass: u64,
    drawn: Vec<(egui::Rect, Color32)>,
}
const TITLES: &str = "section-titles";

/// The console's frame down a column's left edge, after the starship's displays: from each
/// section's title a bar in the section's colour runs down to the next title or the column's
/// foot, so each section is framed by its colour.
/// Painted in the column's margin once its sections are drawn, so it covers none of them.
pub(crate) fn section_frame(ui: &egui::Ui) {
    let column = ui.max_rect();
    let pass = ui.ctx().cumulative_pass_nr();
    let mut titles: Vec<(egui::Rect, Color32)> = ui.ctx().data(|d| {
        d.get_temp::<Titles>(egui::Id::new(TITLES))
            .filter(|t| t.pass == pass)
            .map(|t| t.drawn)
            .unwrap_or_default()
    });
    titles.retain(|(title, _)| column.x_range().contains(title.left()));
    titles.sort_by(|a, b| a.0.top().total_cmp(&b.0.top()));
    let margin =
        egui::Rect::from_x_y_ranges(column.left() - 8.0..=column.right(), column.y_range());
    let painter = ui.ctx().layer_painter(ui.layer_id()).with_clip_rect(margin);
    for (i, (title, colour)) in titles.iter().enumerate() {
        let next = titles.get(i + 1).map(|(next, _)| next.top() - 6.0);
        let end = next.unwrap_or(column.bottom() - 2.0);
        let (left, right) = (title.left() - 7.0, title.left() - 2.0);
        if end < title.bottom() + 8.0 {
            continue;
        }
        // From the title's top down the column, rounded at both ends.
        painter.rect_filled(
            egui::Rect::from_min_max(egui::pos2(left, title.top() + 2.0), egui::pos2(right, end)),
            egui::CornerRadius::same(2),
            colour.gamma_multiply(0.8),
        );
    }
}

/// A keycap's ground: a key's grey, a shade above a button's.
pub(crate) const KEYCAP: Color32 = Color32::from_rgb(66, 76, 98);
/// A keycap's letters, light on its grey.
pub(crate) const KEYCAP_INK: Color32 = Color32::from_gray(215);

/// A button's words with their key as a screen reader says them: `End phase [Space]` is
/// `End phase, key Space` (Orca read the brackets' words as written, `[Space]`); words with no
/// key are as they are.
pub fn spoken_keys(words: &str) -> String {
    match words
        .strip_suffix(']')
        .and_then(|words| words.rsplit_once(" ["))
    {
        Some((label, key)) => format!("{label}, key {key}"),
        None => words.to_string(),
    }
}

/// Names a keyed button for a screen reader by `spoken_keys`, over the words it shows.
pub fn name_keyed(button: &egui::Response, words: &str) {
    let (enabled, name) = (button.enabled(), spoken_keys(words));
    button.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, enabled, &name));
}

/// A control's words with its key drawn as a keycap, where the words end in the key in
/// brackets (`End phase [Space]` shows "End phase" and a small "Space" on a key's grey):
/// bracketed keys on every button read as a debug interface (read 21). The brackets stay in
/// the text, unpainted, so a screen reader still says the key and the cap has its margins.
pub fn keyed(ui: &egui::Ui, words: &str) -> egui::WidgetText {
    let Some((label, key)) = words
        .strip_suffix(']')
        .and_then(|words| words.rsplit_once(" ["))
    else {
        return words.into();
    };
    let font = egui::TextStyle::Button.resolve(ui.style());
    let words = egui::TextFormat {
        font_id: font.clone(),
        color: Color32::PLACEHOLDER,
        valign: egui::Align::Center,
        ..Default::default()
    };
    let cap = egui::TextFormat {
        font_id: egui::FontId::new(font.size * 0.8, font.family),
        color: KEYCAP_INK,
        background: KEYCAP,
        valign: egui::Align::Center,
        ..Default::default()
    };
    let bracket = egui::TextFormat {
        color: Color32::TRANSPARENT,
        ..cap.clone()
    };
    let mut job = egui::text::LayoutJob::default();
    job.append(label, 0.0, words.clone());
    job.append(" ", 0.0, words);
    job.append("[", 0.0, bracket.clone());
    job.append(key, 0.0, cap);
    job.append("]", 0.0, bracket);
    job.into()
}
