//! App screens: setup (players, characters, preset, seed), the table, the turn handover and
//! game over with the game's statistics.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::content::builtin;
use stp_rules::{GameOptions, GameState, Outcome, RulesEvent, SetupFailed, StartGame};

use super::Launch;
use super::session::{
    Record, Replaying, SaveRequest, SaveStatus, autosave_path, save_path, start_replay,
};

#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    #[default]
    Setup,
    Playing,
    GameOver,
}

/// The table's seats as chosen on the setup screen.
#[derive(Resource, Debug, Clone)]
pub struct SetupForm {
    pub names: Vec<String>,
    /// Character id per seat, or "random".
    pub characters: Vec<String>,
    pub preset: String,
    pub seed: String,
    pub error: Option<String>,
}

impl Default for SetupForm {
    fn default() -> Self {
        SetupForm {
            names: (1..=2).map(|i| format!("Player {i}")).collect(),
            characters: vec!["random".into(); 2],
            preset: "cadet".into(),
            seed: random_seed().to_string(),
            error: None,
        }
    }
}

/// The options of the game on the table, for "play again".
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame(pub GameOptions);

/// Set when the next turn belongs to another person: the handover screen shows until
/// they confirm.
#[derive(Resource, Debug, Default)]
pub struct Handover(pub Option<u8>);

fn random_seed() -> u64 {
    // Only the default shown on the setup screen; the game itself is seeded from it.
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .init_resource::<SetupForm>()
        .init_resource::<Handover>()
        .add_systems(Startup, start_from_command_line)
        .add_systems(
            EguiPrimaryContextPass,
            (
                setup_screen.run_if(in_state(Screen::Setup)),
                handover_screen.run_if(in_state(Screen::Playing)),
                game_over_screen.run_if(in_state(Screen::GameOver)),
            ),
        )
        .add_systems(
            Update,
            (
                enter_table,
                watch_for_game_over,
                watch_turns,
                report_setup_failures,
            ),
        );
}

fn start_from_command_line(
    launch: Res<Launch>,
    mut start: MessageWriter<StartGame>,
    mut saves: MessageWriter<SaveRequest>,
    mut commands: Commands,
) {
    if let Some(path) = &launch.load {
        saves.write(SaveRequest::Load(path.clone()));
        return;
    }
    if !launch.skips_setup() {
        return;
    }
    let players = launch.players.unwrap_or(2).clamp(1, 6);
    let options = GameOptions::quick(
        launch.seed.unwrap_or_else(random_seed),
        players,
        launch.preset.as_deref().unwrap_or("cadet"),
    );
    commands.insert_resource(CurrentGame(options.clone()));
    start.write(StartGame(options));
}

fn enter_table(
    state: Option<Res<GameState>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(state) = state
        && state.is_changed()
        && !state.is_over()
        && *screen.get() != Screen::Playing
    {
        next.set(Screen::Playing);
    }
}

fn watch_for_game_over(
    state: Option<Res<GameState>>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(state) = state
        && state.is_over()
        && *screen.get() == Screen::Playing
    {
        next.set(Screen::GameOver);
    }
}

/// A new turn for a different person in a hot-seat game shows the handover screen.
fn watch_turns(
    mut events: MessageReader<RulesEvent>,
    state: Option<Res<GameState>>,
    launch: Res<Launch>,
    replaying: Res<Replaying>,
    mut handover: ResMut<Handover>,
) {
    let Some(state) = state else { return };
    for event in events.read() {
        if let RulesEvent::TurnStarted { player, .. } = event
            && state.players.len() > 1
            && launch.screenshot.is_none()
            && replaying.record.is_none()
        {
            handover.0 = Some(*player);
        }
    }
}

fn report_setup_failures(mut failures: MessageReader<SetupFailed>, mut form: ResMut<SetupForm>) {
    for SetupFailed(message) in failures.read() {
        form.error = Some(message.clone());
    }
}

fn setup_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<SetupForm>,
    mut start: MessageWriter<StartGame>,
    mut commands: Commands,
    mut saves: MessageWriter<SaveRequest>,
    status: Res<SaveStatus>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let content = builtin();
    egui::Window::new("Star Trek Panic — new game")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            if let Some(path) = autosave_path().filter(|p| p.exists()) {
                ui.horizontal(|ui| {
                    if ui.button("Continue the last game").clicked() {
                        saves.write(SaveRequest::Load(path));
                    }
                    if let Some(saved) = save_path().filter(|p| p.exists())
                        && ui.button("Load the saved game").clicked()
                    {
                        saves.write(SaveRequest::Load(saved));
                    }
                });
                if let Some(message) = &status.0 {
                    ui.label(message);
                }
                ui.separator();
            }
            ui.label("1–6 players share this keyboard and mouse. Choose names and characters.");
            ui.separator();
            let form = &mut *form;
            let mut remove = None;
            for seat in 0..form.names.len() {
                ui.horizontal(|ui| {
                    ui.label(format!("{}.", seat + 1));
                    ui.add(egui::TextEdit::singleline(&mut form.names[seat]).desired_width(140.0));
                    let current = &mut form.characters[seat];
                    let shown = content
                        .characters
                        .iter()
                        .find(|c| c.id == *current)
                        .map_or("Random".to_string(), |c| c.name.clone());
                    egui::ComboBox::from_id_salt(("character", seat))
                        .selected_text(shown)
                        .width(220.0)
                        .show_ui(ui, |ui| {
                            ui.selectable_value(current, "random".to_string(), "Random");
                            for c in &content.characters {
                                ui.selectable_value(current, c.id.clone(), &c.name)
                                    .on_hover_text(&c.text);
                            }
                        });
                    if form.names.len() > 1
                        && ui.small_button("✖").on_hover_text("Remove").clicked()
                    {
                        remove = Some(seat);
                    }
                });
            }
            if let Some(seat) = remove {
                form.names.remove(seat);
                form.characters.remove(seat);
            }
            if form.names.len() < 6 && ui.button("Add a player").clicked() {
                form.names.push(format!("Player {}", form.names.len() + 1));
                form.characters.push("random".into());
            }
            ui.separator();
            egui::ComboBox::from_label("Difficulty")
                .selected_text(&form.preset)
                .show_ui(ui, |ui| {
                    for p in &content.presets {
                        ui.selectable_value(&mut form.preset, p.id.clone(), &p.name)
                            .on_hover_text(&p.description);
                    }
                });
            ui.horizontal(|ui| {
                ui.label("Seed (share it to replay the same game):");
                ui.add(egui::TextEdit::singleline(&mut form.seed).desired_width(120.0));
            });
            if let Some(error) = &form.error {
                ui.colored_label(egui::Color32::LIGHT_RED, error);
            }
            if ui
                .button(egui::RichText::new("Engage!").heading())
                .clicked()
            {
                match form.seed.trim().parse::<u64>() {
                    Ok(seed) => {
                        let options = GameOptions {
                            seed,
                            preset: form.preset.clone(),
                            players: form
                                .names
                                .iter()
                                .zip(&form.characters)
                                .map(|(n, c)| (n.clone(), (c != "random").then(|| c.clone())))
                                .collect(),
                        };
                        form.error = None;
                        commands.insert_resource(CurrentGame(options.clone()));
                        start.write(StartGame(options));
                    }
                    Err(_) => form.error = Some("the seed must be a whole number".into()),
                }
            }
        });
    Ok(())
}

fn handover_screen(
    mut contexts: EguiContexts,
    mut handover: ResMut<Handover>,
    state: Option<Res<GameState>>,
) -> Result {
    let (Some(player), Some(state)) = (handover.0, state) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let seat = &state.players[player as usize];
    let character = &builtin().characters[seat.character as usize];
    egui::Window::new("Turn handover")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.heading(format!(
                "Player {} — {} — {}",
                player + 1,
                seat.name,
                character.name
            ));
            ui.label("your turn.");
            ui.label(egui::RichText::new(&character.text).italics());
            if ui.button("Take the conn").clicked() {
                handover.0 = None;
            }
        });
    Ok(())
}

fn game_over_screen(
    mut contexts: EguiContexts,
    state: Option<Res<GameState>>,
    current: Option<Res<CurrentGame>>,
    mut start: MessageWriter<StartGame>,
    mut next: ResMut<NextState<Screen>>,
    mut form: ResMut<SetupForm>,
    record: Res<Record>,
    mut replaying: ResMut<Replaying>,
) -> Result {
    let Some(state) = state else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Game over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            match state.outcome {
                Some(Outcome::Won) => {
                    ui.heading("Victory! You have completed your trek and are honored by all of Starfleet.");
                }
                Some(Outcome::Lost(cause)) => {
                    let why = match cause {
                        stp_rules::LossCause::HullDestroyed => "all six Hull sections are destroyed",
                        stp_rules::LossCause::DeckDepleted => "a player could not draw: the Enterprise deck is gone",
                        stp_rules::LossCause::Stalemate => "ten rounds passed without progress: the Enterprise is stranded",
                    };
                    ui.heading(format!("Defeat: {why}."));
                }
                None => {}
            }
            let s = &state.stats;
            ui.separator();
            ui.label(format!("Turns: {}", s.turns));
            ui.label(format!(
                "Missions completed: {} (of {} required), failed: {}",
                s.missions_completed, state.config.missions_required, s.missions_failed
            ));
            ui.label(format!("Threats destroyed: {}", s.threats_destroyed_total()));
            for (name, count) in &s.threats_destroyed {
                ui.label(format!("    {name}: {count}"));
            }
            ui.label(format!(
                "Damage taken: {} to Shields, {} to the Hull ({} sections destroyed), {} boarders",
                s.shield_damage, s.hull_damage, s.sections_destroyed, s.boarders
            ));
            ui.label(format!("Enterprise cards lost: {}", s.cards_lost));
            ui.label(format!("Seed: {}", state.config.seed));
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Watch the game again").clicked() {
                    let finished = replaying.record.clone().unwrap_or_else(|| record.clone());
                    start_replay(&finished, &mut replaying, &mut start);
                }
                if let Some(current) = &current
                    && ui.button("Play again (same seed)").clicked()
                {
                    replaying.record = None;
                    start.write(StartGame(current.0.clone()));
                }
                if let Some(current) = &current
                    && ui.button("Play again (new seed)").clicked()
                {
                    let mut options = current.0.clone();
                    options.seed = random_seed();
                    replaying.record = None;
                    start.write(StartGame(options));
                }
                if ui.button("New crew").clicked() {
                    replaying.record = None;
                    form.seed = random_seed().to_string();
                    next.set(Screen::Setup);
                }
            });
        });
    Ok(())
}
