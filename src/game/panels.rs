//! The egui panels: every hand, the mission card, the phase tracker, ship status, piles, the
//! log, the out-of-turn Security Team offer, Spock's choice, help and settings. Buttons only
//! send `PlayerAction`s (or undo requests); the rules decide.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::content::{CardEffect, builtin};
use stp_rules::undo::UndoHistory;
use stp_rules::{
    Action, GameState, ManeuverKind, Phase, PlayerAction, RangeShift, RulesEvent, SectionState,
    UndoRequest, Window as RulesWindow,
};

use super::audio::Settings;
use super::camera::Orbit;
use super::describe::{GameLog, card_name, facing_name, token_name};
use super::screens::{Handover, Screen};
use super::selection::{Selection, clear_card, legal_targets, play_action};
use super::session::{Replaying, SaveRequest, SaveStatus, replay_step, save_path};
use super::table::{AnimationSpeed, DIE, PILES, Pieces, on_board, ring_center, sector_angle};

/// Which overlays are open, and the log's filters.
#[derive(Resource, Debug, Default)]
pub struct Overlays {
    pub help: bool,
    pub menu: bool,
    pub log_turn: Option<u32>,
    pub log_player: Option<u8>,
    pub last_roll: Option<u8>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Overlays>()
        .init_resource::<TableRect>()
        .add_systems(Update, remember_rolls)
        .add_systems(
            EguiPrimaryContextPass,
            (table_panels, board_labels, windows)
                .chain()
                .run_if(not(in_state(Screen::Setup))),
        );
}

fn remember_rolls(mut events: MessageReader<RulesEvent>, mut overlays: ResMut<Overlays>) {
    for event in events.read() {
        if let RulesEvent::DieRolled { value, .. } = event {
            overlays.last_roll = Some(*value);
        }
    }
}

fn credit(card: u8) -> String {
    builtin()
        .card(card)
        .credit
        .map_or("no Division credit".into(), |d| format!("{d:?} credit"))
}

fn phase_hint(state: &GameState) -> String {
    if let Some(window) = &state.turn.window {
        return match window {
            RulesWindow::Boarding { .. } => {
                "Boarders! Anyone holding a Security Team may play it, then let them board.".into()
            }
            RulesWindow::SpockChoice { .. } => {
                "Spock: choose two threats to resolve, in order.".into()
            }
        };
    }
    match state.turn.phase {
        Phase::Trade => {
            "Trade one card with another player (card menu), or end the phase (Space).".into()
        }
        Phase::PlayAndManeuver => {
            "Play or commit cards, maneuver once (Q/E/W), then end the phase (Space).".into()
        }
        _ => "The rules are resolving…".into(),
    }
}

fn table_panels(
    mut contexts: EguiContexts,
    state: Option<Res<GameState>>,
    mut selection: ResMut<Selection>,
    history: Res<UndoHistory>,
    log: Res<GameLog>,
    mut overlays: ResMut<Overlays>,
    mut speed: ResMut<AnimationSpeed>,
    mut actions: MessageWriter<PlayerAction>,
    mut undo: MessageWriter<UndoRequest>,
    replaying: Res<Replaying>,
    mut table_rect: ResMut<TableRect>,
) -> Result {
    let Some(state) = state else { return Ok(()) };
    let watching = replaying.record.is_some();
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "table".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let active = state.turn.active;
    let content = builtin();

    let top = egui::Panel::top("phases").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            let seat = &state.players[active as usize];
            let character = &content.characters[seat.character as usize];
            ui.strong(format!(
                "Turn {} — {} ({})",
                state.turn.number, seat.name, character.name
            ))
            .on_hover_text(&character.text);
            ui.separator();
            for phase in Phase::ALL {
                let current = phase == state.turn.phase;
                let text = egui::RichText::new(format!("{} {}", phase.number(), phase.name()));
                ui.label(if current {
                    text.strong().color(egui::Color32::YELLOW)
                } else {
                    text.weak()
                });
            }
        });
        ui.horizontal_wrapped(|ui| {
            if watching {
                ui.disable();
            }
            ui.label(phase_hint(&state));
            let mine = |action| PlayerAction {
                player: active,
                action,
            };
            let end = mine(Action::EndPhase);
            if ui
                .add_enabled(
                    state.validate(&end).is_ok(),
                    egui::Button::new("End phase [Space]"),
                )
                .clicked()
            {
                actions.write(end);
            }
            for (label, kind) in [
                ("⟲ Turn [Q]", ManeuverKind::CounterClockwise),
                ("⬆ Forward [W]", ManeuverKind::Forward),
                ("⟳ Turn [E]", ManeuverKind::Clockwise),
            ] {
                let action = mine(Action::Maneuver(kind));
                let check = state.validate(&action);
                let button = ui.add_enabled(check.is_ok(), egui::Button::new(label));
                if let Err(reason) = &check {
                    button.clone().on_disabled_hover_text(reason.to_string());
                }
                if button.clicked() {
                    actions.write(action);
                }
            }
            let roll = mine(Action::RollForMission);
            if state.validate(&roll).is_ok() && ui.button("🎲 Roll for the mission").clicked() {
                actions.write(roll);
            }
            if ui
                .add_enabled(
                    history.can_undo(&state, active),
                    egui::Button::new("↶ Undo [Ctrl+Z]"),
                )
                .clicked()
            {
                undo.write(UndoRequest { player: active });
            }
            if ui.button("Help [F1]").clicked() {
                overlays.help = !overlays.help;
            }
            if ui.button("Menu [Esc]").clicked() {
                overlays.menu = !overlays.menu;
            }
            ui.add(egui::Slider::new(&mut speed.speed, 0.25..=4.0).text("speed"));
            ui.checkbox(&mut speed.skip, "skip animations");
        });
        if let Some(message) = &selection.message {
            ui.colored_label(egui::Color32::LIGHT_RED, message);
        }
    });

    let bottom = egui::Panel::bottom("log")
        .default_size(120.0)
        .resizable(true)
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Log");
                egui::ComboBox::from_id_salt("log-turn")
                    .selected_text(
                        overlays
                            .log_turn
                            .map_or("all turns".into(), |t| format!("turn {t}")),
                    )
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut overlays.log_turn, None, "all turns");
                        for t in (1..=state.turn.number).rev() {
                            ui.selectable_value(
                                &mut overlays.log_turn,
                                Some(t),
                                format!("turn {t}"),
                            );
                        }
                    });
                egui::ComboBox::from_id_salt("log-player")
                    .selected_text(overlays.log_player.map_or("all players".into(), |p| {
                        state.players[p as usize].name.clone()
                    }))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut overlays.log_player, None, "all players");
                        for (i, p) in state.players.iter().enumerate() {
                            ui.selectable_value(&mut overlays.log_player, Some(i as u8), &p.name);
                        }
                    });
            });
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for line in log.lines.iter().filter(|l| {
                        overlays.log_turn.is_none_or(|t| t == l.turn)
                            && overlays.log_player.is_none_or(|p| p == l.player)
                    }) {
                        ui.label(format!("[{}] {}", line.turn, line.text));
                    }
                });
        });

    let right = egui::Panel::right("mission")
        .default_size(270.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| mission_card(ui, &state));
        });

    let left = egui::Panel::left("hands")
        .default_size(300.0)
        .show(&mut root, |ui| {
            if watching {
                ui.disable();
            }
            egui::ScrollArea::vertical().show(ui, |ui| {
                hands(ui, &state, &mut selection, &mut actions);
            });
        });
    // What the panels leave free is the table: clicks and drags there belong to the 3D scene.
    // (egui counts its whole background layer as "egui" when panels live in a custom root Ui.)
    table_rect.0 = egui::Rect::from_min_max(
        egui::pos2(left.response.rect.right(), top.response.rect.bottom()),
        egui::pos2(right.response.rect.left(), bottom.response.rect.top()),
    );
    Ok(())
}

/// The part of the window the panels leave to the 3D table (as of the last frame).
#[derive(Resource, Debug)]
pub struct TableRect(pub egui::Rect);

impl Default for TableRect {
    fn default() -> Self {
        TableRect(egui::Rect::NOTHING)
    }
}

/// Whether a window position is on the table: inside the panels' free space and not under an
/// egui window, menu or tooltip.
pub fn on_table(ctx: &egui::Context, rect: &TableRect, cursor: Vec2) -> bool {
    let pos = egui::pos2(cursor.x, cursor.y);
    rect.0.contains(pos)
        && ctx
            .layer_id_at(pos)
            .is_none_or(|layer| layer.order == egui::Order::Background)
}

fn mission_card(ui: &mut egui::Ui, state: &GameState) {
    let content = builtin();
    ui.heading("Mission");
    match &state.mission {
        Some(m) => {
            let def = content.mission(m.mission);
            ui.strong(&def.name);
            ui.label(egui::RichText::new(&def.description).italics());
            ui.label(format!("Parameters: {}", def.text.parameters));
            if let Some(timer) = m.timer {
                ui.colored_label(egui::Color32::LIGHT_BLUE, format!("Mission Timer: {timer}"));
            }
            ui.label("Objectives:");
            let progress = state.mission_progress();
            let lines: Vec<&str> = def.text.objective.split(". ").collect();
            for (i, (done, need)) in progress.iter().enumerate() {
                let text = lines.get(i).map_or("", |l| l.trim_end_matches('.'));
                let color = if done >= need {
                    egui::Color32::LIGHT_GREEN
                } else {
                    egui::Color32::WHITE
                };
                ui.colored_label(color, format!("  {done}/{need}  {text}"));
            }
            if !m.committed.is_empty() {
                ui.label("Committed:");
                for c in &m.committed {
                    ui.label(format!("  {}", card_name(c.card)));
                }
            }
            ui.label(format!("Reward: {}", def.text.reward));
        }
        None if state.missions_done() => {
            ui.label("All required missions done: destroy the remaining threats!");
        }
        None => {
            ui.label("No mission in play.");
        }
    }
    ui.label(format!(
        "Completed: {} of {}",
        state.completed_missions.len(),
        state.config.missions_required
    ));
    ui.separator();
    ui.heading("Ship status");
    for facing in 0..6u8 {
        let word = |s: SectionState| match s {
            SectionState::Intact => "intact",
            SectionState::Damaged => "damaged",
            SectionState::Destroyed => "destroyed",
        };
        ui.label(format!(
            "{} {:<15} Shield {:<9} Hull {}",
            facing + 1,
            facing_name(facing),
            word(state.enterprise.shields[facing as usize]),
            word(state.enterprise.hull[facing as usize]),
        ));
    }
    if let Some(reason) = state.maneuver_forbidden() {
        ui.colored_label(
            egui::Color32::LIGHT_RED,
            format!("No maneuvering: {reason}"),
        );
    }
    ui.separator();
    ui.heading("Piles");
    ui.label(format!(
        "Deck {}   Discard {}   Removed {}",
        state.deck.len(),
        state.discard.len(),
        state.removed.len()
    ));
    ui.label(format!(
        "Threat bag {}   Threat discard {}",
        state.bag.len(),
        state.threat_discard.len()
    ));
}

fn hands(
    ui: &mut egui::Ui,
    state: &GameState,
    selection: &mut Selection,
    actions: &mut MessageWriter<PlayerAction>,
) {
    let content = builtin();
    let n = state.players.len() as u8;
    let order: Vec<u8> = (0..n).map(|i| (state.turn.active + i) % n).collect();
    for player in order {
        let seat = &state.players[player as usize];
        let character = &content.characters[seat.character as usize];
        let title = format!(
            "{} — {}{}",
            seat.name,
            character.name,
            if player == state.turn.active {
                " (active)"
            } else {
                ""
            }
        );
        egui::CollapsingHeader::new(title)
            .id_salt(("hand", player))
            .default_open(true)
            .show(ui, |ui| {
                for (index, card) in seat.hand.iter().copied().enumerate() {
                    let chosen = selection.card == Some((player, card));
                    let label = format!("{}. {}", index + 1, card_name(card));
                    let response = ui.selectable_label(chosen, label).on_hover_text(format!(
                        "{}\n{}",
                        content.card(card).text,
                        credit(card)
                    ));
                    if response.clicked() {
                        if chosen {
                            clear_card(selection);
                        } else {
                            selection.card = Some((player, card));
                            selection.with = None;
                            selection.shift = None;
                            selection.message = None;
                        }
                    }
                    response.context_menu(|ui| card_menu(ui, state, player, card, actions));
                }
            });
    }
    // Targets for the chosen card, asked of the validator.
    if let Some((player, card)) = selection.card {
        ui.separator();
        ui.strong(format!("{} — targets:", card_name(card)));
        let hand = &state.players[player as usize].hand;
        let partners: Vec<u8> = hand
            .iter()
            .copied()
            .filter(|c| *c != card)
            .filter(|c| {
                matches!(
                    (&content.card(card).effect, &content.card(*c).effect),
                    (CardEffect::Dilithium, CardEffect::Tritanium)
                        | (CardEffect::Tritanium, CardEffect::Dilithium)
                        | (CardEffect::Hit { .. }, CardEffect::DirectHit)
                        | (CardEffect::DirectHit, CardEffect::Hit { .. })
                )
            })
            .collect();
        if !partners.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label("with:");
                if ui
                    .selectable_label(selection.with.is_none(), "alone")
                    .clicked()
                {
                    selection.with = None;
                }
                for c in partners {
                    if ui
                        .selectable_label(selection.with == Some(c), card_name(c))
                        .clicked()
                    {
                        selection.with = Some(c);
                    }
                }
            });
        }
        if state.ability_of(player) == stp_rules::content::Ability::FireControl {
            ui.horizontal(|ui| {
                ui.label("Chekov:");
                for (label, shift) in [
                    ("as printed", None),
                    ("nearer", Some(RangeShift::Nearer)),
                    ("farther", Some(RangeShift::Farther)),
                ] {
                    if ui
                        .selectable_label(selection.shift == shift, label)
                        .clicked()
                    {
                        selection.shift = shift;
                    }
                }
            });
        }
        let targets = legal_targets(state, selection);
        if targets.is_empty() {
            ui.weak("No legal target now (right-click the card for other uses).");
        }
        for (target, words) in targets {
            if ui.button(words).clicked()
                && let Some(action) = play_action(selection, target)
            {
                actions.write(action);
                clear_card(selection);
            }
        }
    }
}

/// The card's menu: commit, trade, take, redraw, discard — each offered only when legal.
fn card_menu(
    ui: &mut egui::Ui,
    state: &GameState,
    player: u8,
    card: u8,
    actions: &mut MessageWriter<PlayerAction>,
) {
    let active = state.turn.active;
    let mut offer = |ui: &mut egui::Ui, actor: u8, action: Action, words: String| {
        let action = PlayerAction {
            player: actor,
            action,
        };
        if state.validate(&action).is_ok() && ui.button(words).clicked() {
            actions.write(action);
            ui.close();
        }
    };
    offer(
        ui,
        player,
        Action::Commit {
            card,
            as_medical: false,
        },
        "Commit to the mission".into(),
    );
    offer(
        ui,
        player,
        Action::Commit {
            card,
            as_medical: true,
        },
        "Commit as a Medical credit (McCoy)".into(),
    );
    offer(
        ui,
        player,
        Action::Redraw { card },
        "Discard and draw 1 (McCoy)".into(),
    );
    offer(
        ui,
        player,
        Action::Discard { card },
        "Stand down: discard (no legal play)".into(),
    );
    offer(
        ui,
        player,
        Action::PlaySecurityTeam { card },
        "Play Security Team against the boarders".into(),
    );
    if player != active {
        offer(
            ui,
            active,
            Action::TakeCard { from: player, card },
            "Take it (Kirk)".to_string(),
        );
        for give in state.players[active as usize].hand.iter().copied() {
            offer(
                ui,
                active,
                Action::Trade {
                    with: player,
                    give,
                    take: card,
                },
                format!("Trade {} for it", card_name(give)),
            );
        }
    }
}

/// Numbers over the board: sector numbers, each threat's current Defense, mission token
/// values, the die and the piles.
fn board_labels(
    mut contexts: EguiContexts,
    state: Option<Res<GameState>>,
    cameras: Query<(&Camera, &GlobalTransform), With<Orbit>>,
    pieces: Res<Pieces>,
    transforms: Query<&GlobalTransform>,
    overlays: Res<Overlays>,
    selection: Res<Selection>,
    table_rect: Res<TableRect>,
) -> Result {
    let Some(state) = state else { return Ok(()) };
    let Ok((camera, camera_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // Only over the table: labels of pieces behind a panel stay hidden.
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("labels"),
        ))
        .with_clip_rect(table_rect.0);
    let text = |at: Vec3, words: String, color: egui::Color32| {
        if let Ok(p) = camera.world_to_viewport(camera_at, at) {
            painter.text(
                egui::pos2(p.x, p.y),
                egui::Align2::CENTER_CENTER,
                words,
                egui::FontId::proportional(15.0),
                color,
            );
        }
    };
    for sector in 0..6u8 {
        let at = on_board(
            sector_angle(sector),
            ring_center(stp_rules::Range::Long) + 0.75,
            0.0,
        );
        text(at, format!("{}", sector + 1), egui::Color32::from_gray(200));
    }
    let targets: Vec<u8> = legal_targets(&state, &selection)
        .iter()
        .filter_map(|(t, _)| match t {
            stp_rules::Target::Threat(token) | stp_rules::Target::Shift(token, _) => Some(*token),
            _ => None,
        })
        .collect();
    for t in &state.threats {
        let Some(at) = pieces
            .threats
            .get(&t.token)
            .and_then(|e| transforms.get(*e).ok())
        else {
            continue;
        };
        let def = builtin().threat(t.token);
        let words = if t.cloaked {
            "cloaked".to_string()
        } else if def.is_ship() {
            format!("{}", t.defense)
        } else {
            token_name(t.token)
        };
        let color = if targets.contains(&t.token) {
            egui::Color32::YELLOW
        } else {
            egui::Color32::WHITE
        };
        text(at.translation() + Vec3::Y * 0.25, words, color);
    }
    for m in &state.mission_tokens {
        if let Some(at) = pieces
            .missions
            .get(&m.token)
            .and_then(|e| transforms.get(*e).ok())
        {
            let name = &builtin().mission_tokens[m.token as usize].name;
            text(
                at.translation() + Vec3::Y * 0.3,
                format!("{name} ({})", m.value),
                egui::Color32::LIGHT_BLUE,
            );
        }
    }
    if let Some(roll) = overlays.last_roll {
        text(
            DIE + Vec3::Y * 0.4,
            format!("die: {roll}"),
            egui::Color32::WHITE,
        );
    }
    for (i, (name, count)) in [
        ("deck", state.deck.len()),
        ("discard", state.discard.len()),
        ("bag", state.bag.len()),
        ("removed", state.removed.len()),
    ]
    .into_iter()
    .enumerate()
    {
        text(
            PILES[i] + Vec3::Y * 0.45,
            format!("{name} {count}"),
            egui::Color32::WHITE,
        );
    }
    Ok(())
}

/// Boarding offers, Spock's choice, help and the menu.
fn windows(
    mut contexts: EguiContexts,
    state: Option<Res<GameState>>,
    mut overlays: ResMut<Overlays>,
    mut settings: ResMut<Settings>,
    mut actions: MessageWriter<PlayerAction>,
    handover: Res<Handover>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut saves: MessageWriter<SaveRequest>,
    status: Res<SaveStatus>,
    mut replaying: ResMut<Replaying>,
) -> Result {
    let Some(state) = state else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    match &state.turn.window {
        Some(RulesWindow::Boarding {
            boarders,
            reduction,
        }) if handover.0.is_none() => {
            egui::Window::new("Boarders!")
                .collapsible(false)
                .anchor(egui::Align2::CENTER_TOP, [0.0, 90.0])
                .show(ctx, |ui| {
                    for b in boarders {
                        ui.label(format!(
                            "{} boards through the {} facing: {} damage.",
                            token_name(b.token),
                            facing_name(b.facing),
                            b.damage
                        ));
                    }
                    ui.label(format!("Security Teams played: {reduction}"));
                    for (i, p) in state.players.iter().enumerate() {
                        for card in p.hand.iter().copied() {
                            let action = PlayerAction {
                                player: i as u8,
                                action: Action::PlaySecurityTeam { card },
                            };
                            if state.validate(&action).is_ok()
                                && ui
                                    .button(format!("{}: play Security Team", p.name))
                                    .clicked()
                            {
                                actions.write(action);
                            }
                        }
                    }
                    if ui.button("Let them board").clicked() {
                        actions.write(PlayerAction {
                            player: state.turn.active,
                            action: Action::ResolveBoarding,
                        });
                    }
                });
        }
        Some(RulesWindow::SpockChoice { drawn }) if handover.0.is_none() => {
            egui::Window::new("Spock: choose two threats")
                .collapsible(false)
                .anchor(egui::Align2::CENTER_TOP, [0.0, 90.0])
                .show(ctx, |ui| {
                    ui.label("Resolve the first, then the second; the third goes back in the bag.");
                    for first in drawn {
                        for second in drawn {
                            if first == second {
                                continue;
                            }
                            let words =
                                format!("{} then {}", token_name(*first), token_name(*second));
                            if ui.button(words).clicked() {
                                actions.write(PlayerAction {
                                    player: state.turn.active,
                                    action: Action::ChooseThreats {
                                        first: *first,
                                        second: *second,
                                    },
                                });
                            }
                        }
                    }
                });
        }
        _ => {}
    }
    let mut help = overlays.help;
    egui::Window::new("Help and rules reference").open(&mut help).vscroll(true).show(ctx, |ui| {
        ui.heading("Keys");
        for line in [
            "Q / ← : turn counter-clockwise      E / → : turn clockwise      W / ↑ : forward",
            "Space / Enter : end the phase        1–9 : pick a card of the active hand",
            "Ctrl+Z : undo     Esc : menu     F1 : this help     R : reset the camera",
            "Mouse: click a card, then a lit target (yellow numbers) or a target button;",
            "right-click a card for commit, trade and the other uses; right-drag to orbit, wheel to zoom.",
        ] {
            ui.monospace(line);
        }
        ui.heading("Turn phases");
        for phase in Phase::ALL {
            ui.label(format!("{}. {}", phase.number(), phase.name()));
        }
        ui.heading("Rulings");
        ui.label(include_str!("../../docs/rulings.md"));
    });
    overlays.help = help;
    let mut menu = overlays.menu;
    egui::Window::new("Menu").open(&mut menu).show(ctx, |ui| {
        ui.heading("Sound");
        let mut changed = false;
        changed |= ui
            .add(egui::Slider::new(&mut settings.music, 0.0..=1.0).text("music"))
            .changed();
        changed |= ui
            .add(egui::Slider::new(&mut settings.effects, 0.0..=1.0).text("effects"))
            .changed();
        changed |= ui.checkbox(&mut settings.muted, "mute").changed();
        if changed {
            settings.dirty = true;
        }
        ui.separator();
        ui.heading("Game");
        if ui.button("Save game").clicked() {
            saves.write(SaveRequest::Save);
        }
        if let Some(path) = save_path().filter(|p| p.exists())
            && ui.button("Load saved game").clicked()
        {
            saves.write(SaveRequest::Load(path));
        }
        if let Some(message) = &status.0 {
            ui.label(message);
        }
        if ui.button("New game").clicked() {
            replaying.record = None;
            next.set(Screen::Setup);
        }
        if ui.button("Quit").clicked() {
            exit.write(AppExit::Success);
        }
    });
    overlays.menu = menu;
    if replaying.record.is_some() {
        let total = replaying.record.as_ref().map_or(0, |r| r.actions.len());
        egui::Window::new("Watching the game again")
            .collapsible(false)
            .anchor(egui::Align2::RIGHT_BOTTOM, [-290.0, -140.0])
            .show(ctx, |ui| {
                ui.label(format!("Step {} of {total}", replaying.next));
                ui.horizontal(|ui| {
                    if ui.button("Next step").clicked() {
                        replay_step(&mut replaying, &mut actions);
                    }
                    let label = if replaying.playing { "Pause" } else { "Play" };
                    if ui.button(label).clicked() {
                        replaying.playing = !replaying.playing;
                    }
                    if ui.button("Stop watching").clicked() {
                        replaying.record = None;
                        replaying.playing = false;
                        next.set(Screen::Setup);
                    }
                });
            });
    }
    Ok(())
}
