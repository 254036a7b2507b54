//! The action log: every rules event in plain words, in order, stamped with the turn and the
//! player whose turn it was when it happened (`log_lines::Stamper`, shared with `replay --log`).
//! A new game starts afresh; a load brings back the log so far when its record reaches the
//! loaded position, and starts afresh otherwise. Lines arrive at the pace of the threat phase's
//! sequence, and the step that shows is highlighted.

use bevy::prelude::*;
use bevy_egui::egui;
use stp_rules::{GameState, LoadGame, StartGame};

use crate::game::model::record::Record;
use crate::game::model::windows::Help;
use crate::game::pacing::{Paced, Sequence, Shown};
use crate::game::systems::GameSystems;
use crate::words::log_lines::{LogLine, Stamper};

#[derive(Resource, Debug, Default)]
pub struct GameLog {
    pub lines: Vec<LogLine>,
    /// The lines of the sequence step now showing (empty when no sequence plays).
    pub current: std::ops::Range<usize>,
    stamper: Stamper,
}

impl GameLog {
    /// The log of a loaded game so far, rebuilt from its record when the record's actions,
    /// from its start (the new game of its options, or a scenario's or lesson's position),
    /// lead to exactly that position: a save continued, a seat of a network game joined or
    /// rejoined. `None` for a position the record does not reach, whose log starts afresh.
    ///
    /// The rules are stepped phase by phase, because a table saves and sends its game where
    /// it stands, which may be part-way through a turn's automatic phases (an autosave at a
    /// handover is at the start of Draw Cards): what the loaded game has still to do, it
    /// logs itself as it does it.
    fn so_far(record: &Record, loaded: &GameState) -> Option<GameLog> {
        let mut state = match &record.start {
            Some(start) => (**start).clone(),
            None => GameState::new(record.options.as_ref()?).ok()?,
        };
        let target = loaded.state_hash();
        let mut log = GameLog::default();
        let mut actions = record.actions.iter();
        loop {
            let pending = actions.len();
            // Through the automatic phases, one at a time, until the position or the players.
            loop {
                if pending == 0 && state.state_hash() == target {
                    log.take(&mut state);
                    return Some(log);
                }
                let stepped = state.step();
                log.take(&mut state);
                if !stepped {
                    break;
                }
            }
            state.act(*actions.next()?).ok()?;
        }
    }

    /// The lines of the events the rules just wrote.
    fn take(&mut self, state: &mut GameState) {
        let events = state.drain_events();
        self.lines
            .extend(events.iter().filter_map(|e| self.stamper.line(e, state)));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameLog>()
        .add_systems(Update, record_events.in_set(GameSystems::Events));
}

fn record_events(
    mut events: MessageReader<Paced>,
    mut starts: MessageReader<StartGame>,
    mut loads: MessageReader<LoadGame>,
    shown: Res<Shown>,
    sequence: Res<Sequence>,
    record: Res<Record>,
    mut log: ResMut<GameLog>,
) {
    if starts.read().count() > 0 {
        *log = GameLog::default();
    }
    if let Some(LoadGame(loaded)) = loads.read().last() {
        *log = GameLog::so_far(&record, loaded).unwrap_or_else(|| GameLog {
            stamper: Stamper::at(loaded.turn().number, loaded.turn().active),
            ..GameLog::default()
        });
    }
    let Some(state) = shown.get() else {
        events.clear();
        return;
    };
    if events.is_empty() {
        if !sequence.is_playing() && !log.current.is_empty() {
            log.current = 0..0;
        }
        return;
    }
    let log = &mut *log;
    let first = log.lines.len();
    for Paced(event) in events.read() {
        if let Some(line) = log.stamper.line(event, state) {
            log.lines.push(line);
        }
    }
    log.current = match sequence.is_playing() {
        true => first..log.lines.len(),
        false => 0..0,
    };
}

/// The log's filters (a turn, a player) and its scroll: away from the newest line, and a jump
/// back to it asked for.
#[derive(Resource, Debug, Default)]
pub struct LogView {
    pub turn: Option<u32>,
    pub player: Option<u8>,
    /// Scrolled up, away from the newest line (as of the last frame).
    pub behind: bool,
    /// Scroll to the newest line on the next frame.
    pub jump: bool,
}

/// The key to the board's marks, beside the turn's controls: what the preview's arrows,
/// lines and "?" mean, and the rims on the tokens in play.
pub fn legend(state: &GameState) -> String {
    // First, so a narrow window still shows it: readers took the number for anything.
    // Second, always: the ship's two bands, which three readers of read 49 met explained in
    // one picture of four (where the key had room to reach it).
    let mut keys = vec![
        "number on a token: its Defense",
        "ship: outer band Shields, inner Hull",
    ];
    // The red sign on her stern, where the column's key has no room to say it (two readers
    // of read 45 met it unexplained).
    if state.maneuver_forbidden().is_some() {
        keys.push("red\u{a0}sign\u{a0}on\u{a0}the\u{a0}ship:\u{a0}no\u{a0}maneuver");
    }
    // Next, short: readers met the dashed ring with no word for it where the turn's
    // controls had room for two lines of the key (read 35).
    let content = stp_rules::content::builtin();
    if state
        .threats()
        .iter()
        .any(|t| content.threat(t.token).cloaks())
    {
        keys.push("dashed ring: can cloak, face down: cloaked");
    }
    if let Some(preview) = state.threat_preview() {
        keys.push("arrow: moves · dashed: fires · die: a cloaked ship fires where it rolls");
        // The rim's forecast by a sector ("1 dmg → Shield damaged"): readers took it for
        // damage done.
        let forecast = preview
            .facings
            .iter()
            .any(|f| f.shield_hits > 0 || f.hull_hits > 0 || f.chance);
        if forecast {
            keys.push(
                "by\u{a0}a\u{a0}sector:\u{a0}damage\u{a0}to\u{a0}come\u{a0}in\u{a0}phase\u{a0}6",
            );
        }
    }
    // A Hit card of more than 1 damage shows it as "×2" where "2 dmg" does not fit (and in
    // the seats, which show no damage of 1).
    // Its spaces do not break, so that a wrapped line never leaves "×2" alone at its end.
    let hit = |card: &u8| {
        content
            .card(*card)
            .effect
            .hit()
            .is_some_and(|hit| hit.damage > 1)
    };
    if state.players().iter().any(|p| p.hand.iter().any(hit)) {
        keys.push("×2\u{a0}on\u{a0}a\u{a0}card:\u{a0}2\u{a0}damage");
    }
    // The Division at a card's foot is what it counts for when committed to a mission:
    // "Phasers … Medical" puzzled every reader of read 46.
    if state.players().iter().any(|p| !p.hand.is_empty()) {
        keys.push("card's\u{a0}coloured\u{a0}foot:\u{a0}its\u{a0}Division,\u{a0}for\u{a0}missions");
    }
    keys.join(" · ")
}

/// The closed drawer's line, `width` wide: the newest entry (the step playing, lit, during
/// a threat phase), cut to fit; hovering shows it whole.
pub(super) fn ticker(ui: &mut egui::Ui, state: &GameState, log: &GameLog, width: f32) {
    let newest = match log.current.is_empty() {
        true => log.lines.last(),
        false => log.lines.get(log.current.end.saturating_sub(1)),
    };
    let words = newest.map(|line| line.show(state));
    // This turn's line without its "[turn 9, Kai]": the bar's turn label says it, and the
    // stamp cut the line's own words at 1280x720 (read 25). The hover keeps it whole.
    let said = newest.map(|line| match line.turn == state.turn().number {
        true => line.text.clone(),
        false => line.show(state),
    });
    let text = match &said {
        Some(line) if !log.current.is_empty() => egui::RichText::new(line)
            .strong()
            .background_color(egui::Color32::from_rgb(70, 60, 20)),
        Some(line) => egui::RichText::new(line),
        // Nothing yet (a new game, or a position opened mid-game): the bar stays quiet;
        // readers took a line saying so for a fault.
        None => egui::RichText::new(""),
    };
    ui.allocate_ui_with_layout(
        egui::vec2(width.max(40.0), 18.0),
        egui::Layout::left_to_right(egui::Align::Center),
        |ui| {
            ui.set_width(width.max(40.0));
            let label = ui.add(egui::Label::new(text).truncate());
            if let Some(line) = words {
                label.on_hover_text(line);
            }
        },
    );
}

/// The log panel: filters by turn and player, newest at the bottom.
pub(super) fn log_panel(
    ui: &mut egui::Ui,
    state: &GameState,
    log: &GameLog,
    (view, help): (&mut LogView, &mut Help),
) {
    ui.horizontal(|ui| {
        ui.strong("Log");
        ui.weak("(hover a line: why)");
        egui::ComboBox::from_id_salt("log-turn")
            .selected_text(
                view.turn
                    .map_or("all turns".into(), |t| format!("turn {t}")),
            )
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.turn, None, "all turns");
                for t in (1..=state.turn().number).rev() {
                    ui.selectable_value(&mut view.turn, Some(t), format!("turn {t}"));
                }
            });
        egui::ComboBox::from_id_salt("log-player")
            .selected_text(view.player.map_or("all players".into(), |p| {
                state.players()[p as usize].name.clone()
            }))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.player, None, "all players");
                for (i, p) in state.players().iter().enumerate() {
                    ui.selectable_value(&mut view.player, Some(i as u8), &p.name);
                }
            });
        // Scrolled up, the log stops following; this brings it back to the newest line.
        if view.behind && ui.button("Newest").clicked() {
            view.jump = true;
        }
    });
    let mut area = egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false]);
    if std::mem::take(&mut view.jump) {
        area = area.vertical_scroll_offset(f32::MAX);
    }
    let mut asked: Option<crate::game::model::help_topic::HelpTopic> = None;
    let shown = area.show(ui, |ui| {
        for (index, line) in log.lines.iter().enumerate().filter(|(_, l)| {
            view.turn.is_none_or(|t| t == l.turn) && view.player.is_none_or(|p| p == l.player)
        }) {
            let mut text = egui::RichText::new(line.show(state));
            if log.current.contains(&index) {
                // The step of the threat phase now playing on the board.
                text = text
                    .strong()
                    .background_color(egui::Color32::from_rgb(70, 60, 20));
            }
            // A line the rules wrote on their own says why when hovered, and a click opens
            // the rules reference at its topic.
            match line.why {
                Some(why) => {
                    let response = ui
                        .add(egui::Label::new(text).sense(egui::Sense::click()))
                        .on_hover_text(format!("Why? {why} (click: the rules)"));
                    if response.clicked() {
                        asked = crate::words::why::topic_of(why)
                            .and_then(crate::game::model::help_topic::HelpTopic::titled);
                    }
                }
                None => {
                    ui.label(text);
                }
            }
        }
    });
    if let Some(topic) = asked {
        help.at(topic);
    }
    let bottom = shown.state.offset.y + shown.inner_rect.height();
    let behind = bottom < shown.content_size.y - 4.0;
    if view.behind != behind {
        view.behind = behind;
    }
}
