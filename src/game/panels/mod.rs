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
pub mod threat_roster;
mod top_bar;
mod windows;

use crate::game::model::windows::{LogDrawer, PanelLayout};
use crate::game::theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::undo::UndoHistory;
use stp_rules::{PlayerAction, UndoRequest};

use crate::game::advisor::AskAdvisor;
use crate::game::crew::{Away, Crew};
use crate::game::input::wait::ControlsWait;
use crate::game::model::pointing::TableRect;
use crate::game::model::selection::Selection;
use crate::game::online::pings::CardPings;
use crate::game::pacing::{NextStep, Shown, SkipSequence};
use crate::game::tutorial::{Academy, AcademyChoice};
use log::GameLog;

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
                table_panels,
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

/// The panels' own state, each part its feature's: the rules reference, the menu, the log's
/// filters, the cards' pings, and the Academy's lesson (docked in the left column).
#[derive(SystemParam)]
struct Asides<'w> {
    help: ResMut<'w, crate::game::model::windows::Help>,
    menu: ResMut<'w, crate::game::model::windows::Menu>,
    log_view: ResMut<'w, log::LogView>,
    pings: ResMut<'w, CardPings>,
    academy: ResMut<'w, Academy>,
    lesson_choices: MessageWriter<'w, AcademyChoice>,
    key: ResMut<'w, crate::game::model::windows::Key>,
    /// The coming threat phase as the rules foresee it (absent without the table's scene).
    foresight: Option<Res<'w, crate::game::table::marks::intent::Foresight>>,
    settings: Option<Res<'w, crate::game::settings::Settings>>,
}

/// What the panels read: the table as shown, whether its controls wait, the turn's history and
/// log, and who sits where.
#[derive(SystemParam)]
struct TableReads<'w> {
    shown: Res<'w, Shown>,
    wait: ControlsWait<'w>,
    history: Res<'w, UndoHistory>,
    log: Res<'w, GameLog>,
    crew: Res<'w, Crew>,
    away: Res<'w, Away>,
    recap: Res<'w, crate::game::crew::BotRecap>,
    reading: Res<'w, crate::game::model::board_reading::BoardReading>,
}

/// What the panels send: the players' actions, and the table's own requests.
#[derive(SystemParam)]
struct TableWrites<'w> {
    actions: MessageWriter<'w, PlayerAction>,
    undo: MessageWriter<'w, UndoRequest>,
    skip: MessageWriter<'w, SkipSequence>,
    next_step: MessageWriter<'w, NextStep>,
    ask: MessageWriter<'w, AskAdvisor>,
}

/// Where the panels stand, recorded for the scene (the table's free rectangle) and the layout
/// report, and the log's drawer, open or closed.
#[derive(SystemParam)]
struct Placed<'w> {
    table_rect: ResMut<'w, TableRect>,
    layout: ResMut<'w, PanelLayout>,
    drawer: ResMut<'w, LogDrawer>,
}

/// The most players whose table lists the threats under the crew rather than the ship.
const MOST_PLAYERS_WITH_THE_LIST_LEFT: usize = 4;

/// Lays the panels out around the table and records the rectangle they leave free: the top
/// bar, the log's drawer at the foot, the active hand above it, the mission on the right and
/// the other seats on the left.
fn table_panels(
    mut contexts: EguiContexts,
    reads: TableReads,
    mut selection: ResMut<Selection>,
    asides: Asides,
    writes: TableWrites,
    placed: Placed,
    mut talk: crate::game::online::TalkPanel,
) -> Result {
    let TableReads {
        shown,
        wait,
        history,
        log,
        crew,
        away,
        recap,
        reading,
    } = reads;
    let TableWrites {
        mut actions,
        mut undo,
        mut skip,
        mut next_step,
        mut ask,
    } = writes;
    let Placed {
        mut table_rect,
        mut layout,
        mut drawer,
    } = placed;
    let Asides {
        mut help,
        mut menu,
        mut log_view,
        mut pings,
        mut academy,
        mut lesson_choices,
        mut key,
        foresight,
        settings,
    } = asides;
    let Some(state) = shown.get() else {
        return Ok(());
    };
    // Watching a game again, a threat phase playing, or waiting for the next player to take
    // the conn: the table shows, but its controls wait.
    let watching = wait.now(state);
    let foot = foot_player(state, &crew);
    let ctx = contexts.ctx_mut()?;
    theme::table_has_keys(ctx, !menu.open && !help.open);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "table".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut bar_line = egui::Rect::NOTHING;
    let top = egui::Panel::top("phases").show(&mut root, |ui| {
        bar_line = top_bar::top_bar(
            ui,
            state,
            (&mut help, &mut menu, &mut key),
            (&log, &mut drawer),
        );
    });
    // The log is a drawer: closed, its newest entry is a line on the top bar (the threat
    // phase's step as it plays); open, the whole log with its filters at the foot. L opens
    // and closes it too.
    let bottom = (drawer.open || talk.is_on()).then(|| {
        egui::Panel::bottom("log")
            .default_size(180.0)
            .size_range(110.0..=420.0)
            .resizable(true)
            .show(&mut root, |ui| {
                // A game across machines: the crew's talk beside the log.
                if talk.is_on() {
                    egui::Panel::right("talk")
                        .exact_size(330.0)
                        .show(ui, |ui| talk.show(ui));
                }
                if ui.small_button("Close the log [L]").clicked() {
                    drawer.open = false;
                }
                log::log_panel(ui, state, &log, (&mut log_view, &mut help))
            })
    });
    // The active hand along the foot, its controls beside it.
    let width = ctx.viewport_rect().width();
    let card = theme::hand_card(width);
    let mut hands_layout = Vec::new();
    let hand = egui::Panel::bottom("hand")
        .exact_size(card.y + 16.0)
        .show(&mut root, |ui| {
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = 6.0;
                hands_layout.push(hands::active_hand(
                    ui,
                    state,
                    foot,
                    &mut selection,
                    &mut actions,
                    &mut CardMenus {
                        help: &mut help,
                        pings: &mut pings,
                    },
                    card,
                    watching,
                ));
                ui.separator();
                let room = egui::vec2(ui.available_width(), card.y);
                ui.allocate_ui(room, |ui| {
                    ui.vertical(|ui| {
                        let mut controls = controls::Controls {
                            state,
                            history: &history,
                            help: &mut help,
                            watching,
                            sequence: wait.sequence_playing(),
                            done: wait.threats_done(),
                            acting: wait.threat_acting(),
                            by_key: wait.steps_by_key().then(|| wait.steps_shown()),
                            undo: wait.undo_allowed(),
                            elsewhere: turn_elsewhere(state, (&crew, &away)),
                            recap: &recap,
                            spoken: settings
                                .as_ref()
                                .map_or_else(Default::default, |s| s.spoken),
                            step: (!log.current.is_empty())
                                .then(|| log.lines.get(log.current.end.saturating_sub(1)))
                                .flatten()
                                // Without the log's "[turn 9, Kai]": the top bar says
                                // whose turn, and at 1280x720 the stamp cut the step's
                                // own words (read 25).
                                .map(|line| line.text.clone()),
                            // Every line of the step, as a reader hears it: its last line
                            // alone left a Security Team's play unheard under Orca, said in
                            // the step before phase 7's.
                            step_heard: log
                                .lines
                                .get(log.current.clone())
                                .filter(|lines| lines.len() > 1)
                                .map(|lines| {
                                    let words: Vec<&str> =
                                        lines.iter().map(|line| line.text.as_str()).collect();
                                    words.join(" ")
                                }),
                            reading_board: reading.at.is_some(),
                            last: log
                                .lines
                                .last()
                                .filter(|line| line.turn == state.turn().number)
                                .map(|line| (log.lines.len(), line.text.clone())),
                        };
                        let asked = controls.show(ui, &mut selection, &mut actions, &mut undo);
                        if asked.skip {
                            skip.write(SkipSequence);
                        }
                        if asked.next {
                            next_step.write(NextStep);
                        }
                        if asked.advice {
                            ask.write(AskAdvisor);
                        }
                    });
                });
            });
        });
    // The coming phase's damage in all, under the ship's state.
    let coming = foresight
        .as_ref()
        .and_then(|f| f.0.as_ref())
        .and_then(|p| crate::words::table_words::coming_damage(state, p));
    // A cloaked ship's die may add a shot: said once, beside the ship's state, with where.
    let chance = foresight
        .as_ref()
        .and_then(|f| f.0.as_ref())
        .and_then(|p| crate::words::table_words::cloaked_shots(state, p));
    // Fixed widths (narrower in a small window): a hand or a mission that changes never moves
    // the board.
    let crew_failed_id = egui::Id::new("crew-column-had-no-room-for-the-list");
    // The threats' list stands under the seats at up to four players, wherever they leave it
    // room (as the crew's column found last frame: long hands, a lesson), and in the ship's
    // column at five and six, whatever the window: one place for a crew's size, whether a
    // mission comes or goes (readers met it on the left with a mission in play and on the
    // right without; at 1280x720 no column holds six seats, or the ship and a mission, and
    // the list).
    let lesson = academy.lesson.is_some();
    let has_left = state.players().len() > 1 || lesson;
    let left_fits_id = egui::Id::new("crew-column-has-room-for-the-list");
    let list_left = has_left
        && state.players().len() <= MOST_PLAYERS_WITH_THE_LIST_LEFT
        && ctx
            .data(|d| d.get_temp::<bool>(left_fits_id))
            .unwrap_or(false);
    let preview = foresight.as_ref().and_then(|f| f.0.as_ref());
    let right = ship_column::ship_column(
        &mut root,
        state,
        ship_column::Column {
            width,
            coming: coming.as_deref(),
            chance: chance.as_deref(),
            preview,
            list_left,
            crew_failed_id,
        },
    );
    let (column, listed) = &right.inner;
    // The other seats, and a lesson's words above them; a player alone outside the Academy
    // has neither, and the board takes the room.
    let left = has_left.then(|| {
        crew_column::crew_column(
            &mut root,
            state,
            crew_column::Column {
                width,
                watching,
                foot,
                listed: *listed,
                preview,
                left_fits_id,
                crew_failed_id,
                people: (&crew, &away),
                focus_free: selection.card.is_none() && selection.focus.is_none(),
            },
            crew_column::Writes {
                academy: &mut academy,
                lesson_choices: &mut lesson_choices,
                actions: &mut actions,
                menus: &mut CardMenus {
                    help: &mut help,
                    pings: &mut pings,
                },
                hands_layout: &mut hands_layout,
            },
        )
    });
    layout.panels = vec![
        ("top_bar", top.response.rect),
        ("hand", hand.response.rect),
        ("mission", right.response.rect),
    ];
    if let Some(left) = &left {
        layout.panels.push(("seats", left.response.rect));
    }
    if let Some(bottom) = bottom {
        layout.panels.push(("log", bottom.response.rect));
    }
    // The mission card's column scrolls only where its content outgrows the window.
    layout.scrolls = match column.content_size.y > column.inner_rect.height() + 1.0 {
        true => vec!["mission"],
        false => Vec::new(),
    };
    layout.lines = vec![("top_bar", bar_line)];
    layout.windows.clear();
    layout.hands = hands_layout;
    // What the panels leave free is the table: clicks and drags there belong to the 3D scene.
    table_rect.0 = egui::Rect::from_min_max(
        egui::pos2(
            left.as_ref().map_or(0.0, |l| l.response.rect.right()),
            top.response.rect.bottom(),
        ),
        egui::pos2(right.response.rect.left(), hand.response.rect.top()),
    );
    Ok(())
}
