//! The widget kit: the console's palette and sizes, in one place. The hand, the seats and
//! the cards take their colours and their measures from here, so a card reads the same
//! everywhere; the 3D table's materials and the egui panels share one palette (`palette`),
//! the threats' looks (`threat_looks`) and their pictures (`token_pictures`). It imports
//! nothing of the features that use it.

mod console_bars;
pub(crate) mod marks;
pub mod palette;
pub(crate) mod threat_looks;
pub mod token_pictures;

use bevy_egui::egui::{self, Color32, Vec2, vec2};
use stp_rules::content::Division;

/// The dark ground of a card face.
pub const CARD_FACE: Color32 = Color32::from_rgb(22, 28, 44);
/// A seat's or a tile's ground.
pub const SEAT: Color32 = Color32::from_rgb(28, 32, 44);
/// The active player's colour: their tile's frame, a picked card's frame.
pub(crate) const GOLD: Color32 = palette::GOLD.egui();
/// Body text on the dark ground (contrast above 10:1), and the quieter lines (above 5:1).
pub const TEXT: Color32 = Color32::from_gray(232);
pub const QUIET: Color32 = Color32::from_gray(160);
/// A hand card's rules: quieter than its name, but never read as greyed out.
pub const CARD_WORDS: Color32 = Color32::from_gray(205);
/// Damage above 1 (a Photon Torpedo's 2).
pub(crate) const HEAVY: Color32 = Color32::from_rgb(255, 150, 60);

/// A Division's colour, its word and its short code.
pub fn division(division: Division) -> (Color32, &'static str, &'static str) {
    match division {
        Division::Command => (palette::COMMAND.egui(), "Command", "CMD"),
        Division::Science => (palette::SCIENCE.egui(), "Science", "SCI"),
        Division::Engineering => (palette::ENGINEERING.egui(), "Engineering", "ENG"),
        Division::Medical => (palette::MEDICAL.egui(), "Medical", "MED"),
    }
}

/// A card with no Division credit: a grey band.
pub(crate) const NO_DIVISION: Color32 = Color32::from_gray(90);

/// The colour of a character's uniform, as in the show: gold for command and the helm, blue
/// for science and medicine, red for engineering and communications.
pub(crate) fn uniform(character_id: &str) -> Color32 {
    match character_id {
        "kirk" | "sulu" | "chekov" => palette::COMMAND.egui(),
        "spock" | "mccoy" => palette::SCIENCE.egui(),
        "scotty" | "uhura" => palette::ENGINEERING.egui(),
        _ => Color32::from_gray(150),
    }
}

/// The sizes of a hand's cards for a window this wide (egui points): at least 96 wide at
/// 1280, 80 at 1024, larger on a large screen.
pub fn hand_card(window_width: f32) -> Vec2 {
    let width = (window_width * 0.075).clamp(80.0, 120.0);
    vec2(width, (width * 1.2).round())
}

/// A card shown at full size, on hover.
pub const ZOOMED_CARD: Vec2 = Vec2::new(230.0, 320.0);

/// A card in another player's seat: a one-line chip.
pub(crate) const CHIP_HEIGHT: f32 = 22.0;

/// B612, the console's font (an avionics display face under the SIL Open Font License 1.1),
/// as `build.rs` embedded it from Debian's `fonts-b612`; `None` where the build had no copy.
#[cfg(console_font)]
const CONSOLE_FONT: Option<&[u8]> = Some(include_bytes!(concat!(
    env!("OUT_DIR"),
    "/console_font.otf"
)));
#[cfg(not(console_font))]
const CONSOLE_FONT: Option<&[u8]> = None;

/// Bebas Neue, the titles' face (tall condensed capitals, as a starship's displays letter
/// their bars; SIL Open Font License 1.1), from Debian's `fonts-bebas-neue`; `None` where the
/// build had no copy, and the titles take the console's font.
#[cfg(display_font)]
const DISPLAY_FONT: Option<&[u8]> = Some(include_bytes!(concat!(
    env!("OUT_DIR"),
    "/display_font.otf"
)));
#[cfg(not(display_font))]
const DISPLAY_FONT: Option<&[u8]> = None;

/// The titles' font family: the display face, then the console's font for any glyph it lacks
/// (registered only where the build has the face).
const DISPLAY: &str = "display";

/// The titles' font at `size`: the display face where this context has it, else the console's
/// at the size of a button's words (a build without the face, or a context the console did
/// not set up, as in a headless test): the display face's capitals stand shorter than its size.
pub(crate) fn display_font(ctx: &egui::Context, size: f32) -> egui::FontId {
    let family = egui::FontFamily::Name(DISPLAY.into());
    match ctx.fonts(|f| f.definitions().families.contains_key(&family)) {
        true => egui::FontId::new(size, family),
        false => egui::TextStyle::Button.resolve(&ctx.global_style()),
    }
}

/// The console's ground: panels, and the windows over the table.
pub const PANEL: Color32 = Color32::from_rgb(14, 18, 28);
pub const WINDOW: Color32 = Color32::from_rgb(20, 26, 40);
/// A button at rest, hovered and pressed: rounded pills a shade above the ground.
const BUTTON: Color32 = Color32::from_rgb(38, 48, 72);
const BUTTON_HOVERED: Color32 = Color32::from_rgb(54, 68, 100);
const BUTTON_PRESSED: Color32 = Color32::from_rgb(74, 90, 126);

/// The high-contrast console (a setting, issue 43): black panels, white text (quiet text
/// too, a shade under), every button and window outlined in light grey, and the focus in a
/// thicker gold. `high` false gives back the console's own look.
pub fn contrast_style(style: &mut egui::Style, high: bool) {
    use egui::Stroke;
    let animation = style.animation_time;
    console_style(style);
    style.animation_time = animation;
    if !high {
        return;
    }
    let v = &mut style.visuals;
    v.panel_fill = HIGH_CONTRAST_GROUND;
    v.window_fill = HIGH_CONTRAST_GROUND;
    v.extreme_bg_color = HIGH_CONTRAST_GROUND;
    v.faint_bg_color = Color32::from_gray(24);
    v.window_stroke = Stroke::new(1.5, Color32::from_gray(230));
    v.weak_text_color = Some(Color32::from_gray(225));
    let w = &mut v.widgets;
    w.noninteractive.fg_stroke = Stroke::new(1.0, Color32::WHITE);
    w.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_gray(170));
    w.noninteractive.bg_fill = HIGH_CONTRAST_GROUND;
    w.noninteractive.weak_bg_fill = HIGH_CONTRAST_GROUND;
    w.inactive.bg_stroke = Stroke::new(1.5, Color32::from_gray(210));
    w.hovered.bg_stroke = Stroke::new(2.0, GOLD);
    w.active.bg_stroke = Stroke::new(3.0, GOLD);
    for visuals in [&mut w.inactive, &mut w.hovered, &mut w.active, &mut w.open] {
        visuals.fg_stroke.color = Color32::WHITE;
    }
}

/// The high-contrast console's ground.
const HIGH_CONTRAST_GROUND: Color32 = Color32::BLACK;

/// The painted roles' colours (seats, cards, quiet words), in the high-contrast setting's
/// version where it is on: the panels egui draws follow its style, and these, painted by
/// hand, follow it too (black grounds, words in white or near it).
fn painted(ctx: &egui::Context, console: Color32, high: Color32) -> Color32 {
    match is_high_contrast(&ctx.global_style()) {
        true => high,
        false => console,
    }
}

/// Quiet words: a shade under the text, 7:1 or more on black in high contrast.
pub fn quiet(ctx: &egui::Context) -> Color32 {
    painted(ctx, QUIET, Color32::from_gray(215))
}

/// A card's rules and a list's small print.
pub fn card_words(ctx: &egui::Context) -> Color32 {
    painted(ctx, CARD_WORDS, Color32::WHITE)
}

/// A seat's and the mission card's ground.
pub fn seat(ctx: &egui::Context) -> Color32 {
    painted(ctx, SEAT, HIGH_CONTRAST_GROUND)
}

/// A card's face.
pub fn card_face(ctx: &egui::Context) -> Color32 {
    painted(ctx, CARD_FACE, HIGH_CONTRAST_GROUND)
}

/// The console's ground, where a screen paints it by hand.
pub fn panel(ctx: &egui::Context) -> Color32 {
    painted(ctx, PANEL, HIGH_CONTRAST_GROUND)
}

/// Whether a style is the high-contrast console's.
pub fn is_high_contrast(style: &egui::Style) -> bool {
    style.visuals.panel_fill == HIGH_CONTRAST_GROUND
}

/// The console's look for every egui panel and window: a dark ground, rounded pills for
/// buttons, gold for what is picked, and text at least 14 px (12 for small print) with a
/// contrast of at least 4.5:1 on the ground, quiet text included.
pub fn console_style(style: &mut egui::Style) {
    use egui::{CornerRadius, FontFamily, FontId, Stroke, TextStyle};
    style.text_styles = [
        (
            TextStyle::Small,
            FontId::new(12.0, FontFamily::Proportional),
        ),
        (TextStyle::Body, FontId::new(14.0, FontFamily::Proportional)),
        (
            TextStyle::Button,
            FontId::new(14.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Heading,
            FontId::new(19.0, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(13.0, FontFamily::Monospace),
        ),
    ]
    .into();
    // Solid scroll bars: a long mission card that pushes the ship's status down shows that
    // the panel scrolls.
    style.spacing.scroll = egui::style::ScrollStyle::solid();
    let v = &mut style.visuals;
    v.panel_fill = PANEL;
    v.window_fill = WINDOW;
    v.window_stroke = Stroke::new(1.0, Color32::from_gray(80));
    v.window_corner_radius = CornerRadius::same(8);
    v.menu_corner_radius = CornerRadius::same(8);
    v.extreme_bg_color = Color32::from_rgb(8, 10, 16);
    v.faint_bg_color = Color32::from_rgb(22, 28, 42);
    v.weak_text_color = Some(QUIET);
    v.override_text_color = None;
    v.selection.bg_fill = Color32::from_rgb(120, 92, 24);
    v.selection.stroke = Stroke::new(1.5, GOLD);
    v.hyperlink_color = Color32::from_rgb(120, 180, 255);
    let w = &mut v.widgets;
    w.noninteractive.fg_stroke = Stroke::new(1.0, Color32::from_gray(218));
    w.noninteractive.bg_stroke = Stroke::new(1.0, Color32::from_gray(60));
    w.noninteractive.bg_fill = PANEL;
    w.noninteractive.weak_bg_fill = PANEL;
    for (visuals, fill, stroke) in [
        (&mut w.inactive, BUTTON, Stroke::NONE),
        (&mut w.hovered, BUTTON_HOVERED, Stroke::new(1.0, GOLD)),
        // Pressed, or in the keyboard's focus: a frame that shows plainly.
        (&mut w.active, BUTTON_PRESSED, Stroke::new(2.0, GOLD)),
        (
            &mut w.open,
            BUTTON_HOVERED,
            Stroke::new(1.0, Color32::from_gray(120)),
        ),
    ] {
        visuals.bg_fill = fill;
        visuals.weak_bg_fill = fill;
        visuals.bg_stroke = stroke;
        visuals.corner_radius = CornerRadius::same(9);
        visuals.fg_stroke.color = Color32::from_gray(235);
    }
}

pub use console_bars::spoken_keys;
pub(crate) use console_bars::{
    BAR_CREW, BAR_MISSION, BAR_SHIP, BAR_THREATS, KEYCAP, KEYCAP_INK, header, header_with_note,
    keyed, name_keyed, section_frame,
};

/// A button of the table's own Tab order (a control, a card's choice), lit where Tab has it:
/// drawn in the selection's colours, and given egui's focus, which is the platform's, so a
/// screen reader says its name as Tab reaches it. Orca 43 speaks no live region, only focus
/// and the focused widget's changes; the table's Tab, Enter and Space never reach egui
/// (`input::egui_idle`), so that focus presses nothing, and it is let go once each frame's
/// tree is made (`egui_idle::release_tab_focus`), so the table's keys stay the table's. Not
/// `selected`, which makes a toggle button of it ("End phase, toggle button, pressed").
pub fn tab_button(
    ui: &mut egui::Ui,
    enabled: bool,
    words: impl Into<egui::WidgetText>,
    lit: bool,
) -> egui::Response {
    styled_button(ui, enabled, words, lit, false)
}

/// The turn's one way on (End phase), filled in the console's amber with dark words, so the
/// eye finds it among the other controls (an art director's read after read 42: End phase
/// "the only filled button"). Otherwise as `tab_button`.
pub fn primary_button(
    ui: &mut egui::Ui,
    enabled: bool,
    words: impl Into<egui::WidgetText>,
    lit: bool,
) -> egui::Response {
    styled_button(ui, enabled, words, lit, true)
}

fn styled_button(
    ui: &mut egui::Ui,
    enabled: bool,
    words: impl Into<egui::WidgetText>,
    lit: bool,
    primary: bool,
) -> egui::Response {
    if primary && enabled {
        return ui
            .scope(|ui| {
                ui.visuals_mut().override_text_color = Some(Color32::from_rgb(12, 14, 22));
                let mut button = egui::Button::new(words).fill(BAR_SHIP);
                if lit {
                    button = button.stroke(egui::Stroke::new(2.0, TEXT));
                }
                let response = ui.add(button);
                if lit {
                    hold_tab_focus(&response);
                }
                response
            })
            .inner;
    }
    let mut button = egui::Button::new(words);
    if lit {
        let selection = ui.visuals().selection;
        button = button.fill(selection.bg_fill).stroke(selection.stroke);
    }
    let response = ui.add_enabled(enabled, button);
    if lit && enabled {
        hold_tab_focus(&response);
    }
    response
}

/// Gives `response`'s widget the focus for this frame's accessibility tree, as the table's
/// keys have it (a lit button, a card picked by its number, a lesson's step): see
/// `tab_button`. Only while the table has the keys (`table_has_keys`) and no other widget
/// holds egui's focus: a text field being typed in, or the menu's controls that Tab goes
/// round, keep theirs.
pub fn hold_tab_focus(response: &egui::Response) {
    let ctx = &response.ctx;
    let table_keys = ctx
        .data(|d| d.get_temp::<bool>(egui::Id::new(TABLE_KEYS)))
        .unwrap_or(false);
    let free = ctx
        .memory(|m| m.focused())
        .is_none_or(|id| id == response.id);
    if !table_keys || !free {
        return;
    }
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(TAB_LIT), response.id));
    if !response.has_focus() {
        response.request_focus();
    }
}

/// Like `hold_tab_focus`, but the first frame that `what` shows (a lesson's new step) it
/// takes the focus from whatever holds it, and while it shows the turn's words at rest do not
/// take it back (`rest_focus_claimed`): heard under Orca 43, which says a new focus, the
/// turn's words held the focus while lesson 1's steps came and went unsaid.
pub fn take_tab_focus_once(response: &egui::Response, what: impl egui::AsId) {
    let ctx = &response.ctx;
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(REST_CLAIMED), pass));
    let table_keys = ctx
        .data(|d| d.get_temp::<bool>(egui::Id::new(TABLE_KEYS)))
        .unwrap_or(false);
    let shown = egui::Id::new(what);
    let last = egui::Id::new("tab-focus-taken-for");
    if !table_keys || ctx.data(|d| d.get_temp::<egui::Id>(last)) == Some(shown) {
        hold_tab_focus(response);
        return;
    }
    ctx.data_mut(|d| {
        d.insert_temp(last, shown);
        d.insert_temp(egui::Id::new(TAB_LIT), response.id);
    });
    response.request_focus();
}

/// A choice of one of the rules' windows (the boarders', Spock's), its number key on a keycap
/// after its words (`Bob: play Security Team [1]`) and named with it for a screen reader
/// ("Bob: play Security Team, key 1"). The one in Tab's focus is `lit`, and takes the focus
/// as it is lit, from the turn's words at rest too; the first is lit as the window opens
/// (`opening` names that opening): under Orca the boarders' window was silent, and in Spock's
/// Tab said nothing.
pub fn window_choice(
    ui: &mut egui::Ui,
    index: usize,
    words: &str,
    (opening, lit): (impl std::hash::Hash + std::fmt::Debug, bool),
) -> egui::Response {
    let words = match index < 9 {
        true => format!("{words} [{}]", index + 1),
        false => words.to_string(),
    };
    let button = tab_button(ui, true, keyed(ui, &words), lit);
    name_keyed(&button, &words);
    if lit {
        take_tab_focus_once(&button, ("rules-window", opening, index));
    }
    button
}

/// Where egui keeps the pass in which a lesson's words last claimed the focus.
const REST_CLAIMED: &str = "rest-focus-claimed";

/// Whether a lesson's words hold the focus the turn's words hold at rest, this pass or the
/// last (the controls are drawn before the lesson's column).
pub fn rest_focus_claimed(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<u64>(egui::Id::new(REST_CLAIMED)))
        .is_some_and(|at| at + 1 >= ctx.cumulative_pass_nr())
}

/// Where egui keeps whether the table has the keys this frame.
const TABLE_KEYS: &str = "table-has-the-keys";

/// Says, before the panels draw, whether the table has the keys this frame: not while the
/// menu or the rules reference is open (Tab goes round their controls then).
pub fn table_has_keys(ctx: &egui::Context, yes: bool) {
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(TABLE_KEYS), yes));
}

/// Where egui keeps the id of the button the table's Tab last lit.
const TAB_LIT: &str = "table-tab-lit";

/// The button the table's Tab last lit (`tab_button`), if any.
pub fn tab_lit(ctx: &egui::Context) -> Option<egui::Id> {
    ctx.data(|d| d.get_temp(egui::Id::new(TAB_LIT)))
}

/// Makes `response`'s widget a live region: a screen reader says its words when they change,
/// after what it is saying (polite) or at once (`assertive`: a refusal, a mission's end).
pub fn announce(ui: &egui::Ui, response: &egui::Response, assertive: bool) {
    let live = match assertive {
        true => egui::accesskit::Live::Assertive,
        false => egui::accesskit::Live::Polite,
    };
    ui.ctx()
        .accesskit_node_builder(response.id, |node| node.set_live(live));
}

/// The contrast ratio of two colours (WCAG 2: 1 to 21), to check text against its ground.
pub fn contrast(a: Color32, b: Color32) -> f32 {
    let luminance = |c: Color32| {
        let channel = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Puts the console's look and font in place, once; egui's fonts stay behind B612 for the
/// glyphs it lacks.
/// A click is a press and a release on one control, however long the frames between them
/// took. egui counts a press held over 0.8 s as no click, timed by frames, and under software
/// rendering one frame can take longer than that: End phase, Dismiss and a settings box lost
/// clicks. A drag is told from a click by the pointer's movement alone.
pub fn console_input(options: &mut bevy_egui::egui::InputOptions) {
    options.max_click_duration = f64::INFINITY;
}

/// Names egui's window for a screen reader, every pass: egui's root node has no name of its
/// own, and Orca said only "frame." when the game's window took the keyboard.
pub(super) fn name_the_window(mut contexts: bevy_egui::EguiContexts) {
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| {
            node.set_label("Star Trek Panic");
        });
    }
}

pub(super) fn install_theme(
    mut contexts: bevy_egui::EguiContexts,
    mut done: bevy::prelude::Local<bool>,
) {
    if *done {
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else {
        return;
    };
    *done = true;
    ctx.all_styles_mut(console_style);
    ctx.options_mut(|options| console_input(&mut options.input_options));
    use bevy_egui::egui::{FontData, FontDefinitions, FontFamily};
    let mut fonts = FontDefinitions::default();
    if let Some(bytes) = CONSOLE_FONT {
        fonts.font_data.insert(
            "B612".into(),
            std::sync::Arc::new(FontData::from_static(bytes)),
        );
        fonts
            .families
            .entry(FontFamily::Proportional)
            .or_default()
            .insert(0, "B612".into());
    }
    // The titles' family, where the build has the display face: it first, the console's fonts
    // behind it. Without it, no such family, and `display_font` takes the console's at the
    // bars' old size.
    if let Some(bytes) = DISPLAY_FONT {
        let mut display = fonts
            .families
            .get(&FontFamily::Proportional)
            .cloned()
            .unwrap_or_default();
        fonts.font_data.insert(
            "Bebas Neue".into(),
            std::sync::Arc::new(FontData::from_static(bytes)),
        );
        display.insert(0, "Bebas Neue".into());
        fonts
            .families
            .insert(FontFamily::Name(DISPLAY.into()), display);
    }
    ctx.set_fonts(fonts);
}
