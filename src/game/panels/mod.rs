//! The egui panels around the table: the top bar, every hand, the mission card with the ship's
//! status and the piles, and the log; the boarding and Spock windows, help and the menu. They
//! draw what `offers` lists and send its actions; the rules decide.

mod advice;
pub mod banner;
mod card_icons;
pub mod card_marks;
pub mod card_words;
pub mod cards;
mod controls;
mod crew_column;
pub mod hands;
pub mod heard;
pub mod help;
pub mod key;
mod key_line;
pub mod log;
pub mod markdown;
pub mod menu;
pub mod mission;
pub mod picked_card;
pub mod portraits;
pub mod seats;
mod ship_column;
pub mod ship_diagram;
mod table_panels;
pub mod threat_roster;
mod top_bar;
mod windows;

use crate::game::model::windows::{LogDrawer, PanelLayout};
use crate::game::theme;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::game::crew::{Away, Crew};
use crate::game::online::pings::CardPings;

pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            (
                theme::install_theme,
                theme::name_the_window,
                menu::apply_ui_scale,
            ),
            (
                table_panels::table_panels,
                windows::windows,
                key::key_window,
                advice::advisor_window,
                help::help_window,
                menu::menu_window,
                banner::show_banner,
                heard::speak_heard,
            )
                .chain()
                .run_if(crate::game::model::screen::at_table),
        )
            .chain(),
    )
    .add_systems(Update, draw_opening_windows);
}

/// A window that opens needs a frame or two to size itself, and the table redraws only on
/// input: these frames make help and the menu appear on the click that opens them.
fn draw_opening_windows(
    (help, menu): (
        Res<crate::game::model::windows::Help>,
        Res<crate::game::model::windows::Menu>,
    ),
    mut last: Local<(bool, bool)>,
    mut frames: Local<u8>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let now = (help.open, menu.open);
    if now != *last {
        *last = now;
        *frames = 3;
    }
    if *frames > 0 {
        *frames -= 1;
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The panels' state without drawing anything (the presentation tests run this headless).
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<crate::game::model::windows::Help>()
        .init_resource::<crate::game::model::windows::Key>()
        .add_systems(Startup, key::open_at_first_game)
        .init_resource::<crate::game::model::windows::Menu>()
        .init_resource::<log::LogView>()
        .init_resource::<PanelLayout>()
        .init_resource::<LogDrawer>()
        .add_plugins((
            log::plugin,
            banner::logic_plugin,
            menu::logic_plugin,
            heard::plugin,
        ));
}

/// Whose hand lies at the foot of the table: your own when you are the only person here (a
/// seat of a game across machines, or a game with bots), whoever's turn it is; else the
/// active player's, as a hot-seat table passes the conn. The other seats are on the left.
pub fn foot_player(state: &stp_rules::GameState, crew: &Crew) -> stp_rules::PlayerId {
    let mut here = (0..state.players().len() as u8).filter(|&p| crew.is_here(p));
    match (here.next(), here.next()) {
        (Some(me), None) => me,
        _ => state.turn().active,
    }
}

/// Whose turn it is, when it is not played at this table, in words for the controls: a
/// player at another table, one who is away, or a bot.
fn turn_elsewhere(state: &stp_rules::GameState, (crew, away): (&Crew, &Away)) -> Option<String> {
    use crate::game::crew::Seat;
    // A game that is over has no turn to play, here or anywhere.
    if state.is_over() {
        return None;
    }
    let active = state.turn().active;
    let name = &state.players().get(usize::from(active))?.name;
    Some(match crew.seat(active) {
        _ if away.0.contains(&active) => format!("{name}'s turn: waiting for them to come back."),
        Seat::Human => return None,
        Seat::Remote => format!("{name}'s turn: they play it at their own table."),
        Seat::Ensign | Seat::Captain => format!("{name}'s turn: the bot plays it."),
    })
}

/// What a card's menu (a right-click) may open or ask for: the rules reference at the card's
/// topic, and a ping at the card in a game across machines.
pub struct CardMenus<'a> {
    pub help: &'a mut crate::game::model::windows::Help,
    pub pings: &'a mut CardPings,
}
