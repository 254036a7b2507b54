//! The table's panels laid out around the board in one egui pass, as egui needs them in
//! order: the top bar, the log's drawer, the active hand with its controls, the ship's column
//! and the crew's; and where they stand, recorded for the scene and the layout report.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use stp_rules::undo::UndoHistory;
use stp_rules::{PlayerAction, UndoRequest};

use super::log::{self, GameLog};
use super::{
    CardMenus, controls, crew_column, foot_player, hands, ship_column, top_bar, turn_elsewhere,
};
use crate::game::advisor::AskAdvisor;
use crate::game::crew::{Away, Crew};
use crate::game::input::wait::ControlsWait;
use crate::game::model::pointing::TableRect;
use crate::game::model::selection::Selection;
use crate::game::model::windows::{LogDrawer, PanelLayout};
use crate::game::online::pings::CardPings;
use crate::game::pacing::{NextStep, Shown, SkipSequence};
use crate::game::theme;
use crate::game::tutorial::{Academy, AcademyChoice};

/// The panels' own state, each part its feature's: the rules reference, the menu, the log's
/// filters, the cards' pings, and the Academy's lesson (docked in the left column).
#[derive(SystemParam)]
pub(super) struct Asides<'w> {
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
pub(super) struct TableReads<'w> {
    shown: Res<'w, Shown>,
    wait: ControlsWait<'w>,
    history: Res<'w, UndoHistory>,
    log: Res<'w, GameLog>,
    crew: Res<'w, Crew>,
    away: Res<'w, Away>,
    recap: Res<'w, crate::game::crew::BotRecap>,
    reading: Res<'w, crate::game::model::board_reading::BoardReading>,
}

impl TableReads<'_> {
    /// The controls beside the hand, as this frame finds the table: its waits, the threat
    /// phase's step (in all its lines, for a reader), a bot's recap and the log's last line.
    fn controls<'a>(
        &'a self,
        state: &'a stp_rules::GameState,
        (help, watching, spoken): (
            &'a mut crate::game::model::windows::Help,
            bool,
            crate::game::settings::Spoken,
        ),
    ) -> controls::Controls<'a> {
        let (wait, log) = (&self.wait, &self.log);
        controls::Controls {
            state,
            history: &self.history,
            help,
            watching,
            sequence: wait.sequence_playing(),
            done: wait.threats_done(),
            acting: wait.threat_acting(),
            by_key: wait.steps_by_key().then(|| wait.steps_shown()),
            undo: wait.undo_allowed(),
            elsewhere: turn_elsewhere(state, (&self.crew, &self.away)),
            recap: &self.recap,
            spoken,
            step: (!log.current.is_empty())
                .then(|| log.lines.get(log.current.end.saturating_sub(1)))
                .flatten()
                // Without the log's "[turn 9, Kai]": the top bar says whose turn, and at
                // 1280x720 the stamp cut the step's own words (read 25).
                .map(|line| line.text.clone()),
            // Every line of the step, as a reader hears it: its last line alone left a
            // Security Team's play unheard under Orca, said in the step before phase 7's.
            step_heard: log
                .lines
                .get(log.current.clone())
                .filter(|lines| lines.len() > 1)
                .map(|lines| {
                    let words: Vec<&str> = lines.iter().map(|line| line.text.as_str()).collect();
                    words.join(" ")
                }),
            reading_board: self.reading.at.is_some(),
            last: log
                .lines
                .last()
                .filter(|line| line.turn == state.turn().number)
                .map(|line| (log.lines.len(), line.text.clone())),
        }
    }
}

/// What the panels send: the players' actions, and the table's own requests.
#[derive(SystemParam)]
pub(super) struct TableWrites<'w> {
    actions: MessageWriter<'w, PlayerAction>,
    undo: MessageWriter<'w, UndoRequest>,
    skip: MessageWriter<'w, SkipSequence>,
    next_step: MessageWriter<'w, NextStep>,
    ask: MessageWriter<'w, AskAdvisor>,
}

/// Where the panels stand, recorded for the scene (the table's free rectangle) and the layout
/// report, and the log's drawer, open or closed.
#[derive(SystemParam)]
pub(super) struct Placed<'w> {
    table_rect: ResMut<'w, TableRect>,
    layout: ResMut<'w, PanelLayout>,
    drawer: ResMut<'w, LogDrawer>,
}

/// The most players whose table lists the threats under the crew rather than the ship.
const MOST_PLAYERS_WITH_THE_LIST_LEFT: usize = 4;

/// Lays the panels out around the table and records the rectangle they leave free: the top
/// bar, the log's drawer at the foot, the active hand above it, the mission on the right and
/// the other seats on the left. One system, longer than most: egui places each panel in what
/// the ones before it left, within one pass, so they are shown here in that order; what each
/// draws is its own module's (`top_bar`, `hands`, `controls`, `ship_column`, `crew_column`).
pub(super) fn table_panels(
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
        log,
        crew,
        away,
        ..
    } = &reads;
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
    let foot = foot_player(state, crew);
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
            (log, &mut drawer),
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
                log::log_panel(ui, state, log, (&mut log_view, &mut help))
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
                        let spoken = settings
                            .as_ref()
                            .map_or_else(Default::default, |s| s.spoken);
                        let mut controls = reads.controls(state, (&mut help, watching, spoken));
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
                people: (crew, away),
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
    let rects = Rects {
        top: top.response.rect,
        hand: hand.response.rect,
        right: right.response.rect,
        left: left.as_ref().map(|l| l.response.rect),
        log: bottom.map(|b| b.response.rect),
        bar_line,
        scrolls: column.content_size.y > column.inner_rect.height() + 1.0,
    };
    rects.record(&mut layout, &mut table_rect, hands_layout);
    Ok(())
}

/// Where this frame's panels stand: the top bar, the hand, the ship's column on the right,
/// the crew's on the left and the log's drawer, where shown; the top bar's line; whether the
/// ship's column scrolls.
struct Rects {
    top: egui::Rect,
    hand: egui::Rect,
    right: egui::Rect,
    left: Option<egui::Rect>,
    log: Option<egui::Rect>,
    bar_line: egui::Rect,
    scrolls: bool,
}

impl Rects {
    /// Records them for the layout report, and what they leave free as the table: clicks and
    /// drags there belong to the 3D scene.
    fn record(
        self,
        layout: &mut PanelLayout,
        table_rect: &mut TableRect,
        hands: Vec<crate::game::model::windows::HandLayout>,
    ) {
        layout.panels = vec![
            ("top_bar", self.top),
            ("hand", self.hand),
            ("mission", self.right),
        ];
        layout.panels.extend(self.left.map(|r| ("seats", r)));
        layout.panels.extend(self.log.map(|r| ("log", r)));
        // The mission card's column scrolls only where its content outgrows the window.
        layout.scrolls = match self.scrolls {
            true => vec!["mission"],
            false => Vec::new(),
        };
        layout.lines = vec![("top_bar", self.bar_line)];
        layout.windows.clear();
        layout.hands = hands;
        table_rect.0 = egui::Rect::from_min_max(
            egui::pos2(self.left.map_or(0.0, |l| l.right()), self.top.bottom()),
            egui::pos2(self.right.left(), self.hand.top()),
        );
    }
}
