//! The setup screen, a screen of its own: the crew as seats with a portrait each (an insignia
//! in the uniform's colour), their names, characters and seat types; the difficulty with its
//! description and measured win rates; a seed to share; play across machines; Engage.
//! Enter engages and Esc goes back to the title; Tab moves between the fields. Here: the form,
//! where it starts from, and what Enter, Esc and Engage do; `setup_panel` draws it.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use stp_rules::{GameOptions, SetupFailed, StartGame};

use crate::game::crew::{Crew, Seat};
use crate::game::model::screen::Screen;
use crate::game::model::screen::random_seed;
use crate::game::online::Online;
use crate::game::online::setup::OnlineForm;
use crate::game::settings::Settings;
use crate::game::systems::GameSystems;
use crate::words::odds::BalanceData;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SetupForm>()
        .init_resource::<ShippedBalance>()
        .add_message::<Engage>()
        .add_systems(
            Update,
            (setup_keys, engage)
                .chain()
                .run_if(in_state(Screen::Setup))
                .in_set(GameSystems::Input),
        )
        .add_systems(Update, report_setup_failures)
        .add_systems(
            Startup,
            (fill_from_settings, fill_from_command_line).chain(),
        );
}

/// The form starts as the last game engaged here left it (its difficulty, seats and names),
/// when the settings hold one that still fits the game's data; a new seed each time.
fn fill_from_settings(settings: Res<Settings>, mut form: ResMut<SetupForm>) {
    let Some(last) = &settings.last_setup else {
        return;
    };
    let content = stp_rules::content::builtin();
    let seats = last.names.len();
    let fits = (1..=6).contains(&seats)
        && last.characters.len() == seats
        && last.seats.len() == seats
        && content.preset(&last.preset).is_some()
        && last
            .characters
            .iter()
            .all(|c| c == "random" || content.characters.iter().any(|k| &k.id == c));
    if !fits {
        return;
    }
    form.names = last.names.clone();
    form.characters = last.characters.clone();
    // A remote seat belongs to the game hosted then: a person's seat now.
    form.seats = last
        .seats
        .iter()
        .map(|id| match Seat::from_id(id) {
            Seat::Remote => Seat::Human,
            seat => seat,
        })
        .collect();
    form.preset = last.preset.clone();
}

/// `--setup` with `--players`, `--preset`, `--seed` or `--bots`: the form starts as they say
/// (each was checked when the command line was parsed).
fn fill_from_command_line(launch: Res<crate::game::launch::Launch>, mut form: ResMut<SetupForm>) {
    if !launch.setup {
        return;
    }
    let players = launch.players.unwrap_or(form.seats.len()).clamp(1, 6);
    while form.seats.len() < players {
        form.add_seat();
    }
    while form.seats.len() > players {
        let last = form.seats.len() - 1;
        form.remove_seat(last);
    }
    if let Some(bots) = launch.bots {
        form.seats = crate::game::crew::seats_with_bots(players, bots);
    }
    if let Some(preset) = &launch.preset {
        form.preset = preset.clone();
    }
    if let Some(seed) = launch.seed {
        form.seed = seed.to_string();
    }
}

/// Start the game the form describes (the Engage button, or Enter).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Engage;

/// The table's seats as chosen on the setup screen.
#[derive(Resource, Debug, Clone)]
pub struct SetupForm {
    pub names: Vec<String>,
    /// Character id per seat, or "random".
    pub characters: Vec<String>,
    /// A person or a bot in each seat.
    pub seats: Vec<Seat>,
    pub preset: String,
    pub seed: String,
    pub error: Option<String>,
}

impl Default for SetupForm {
    fn default() -> Self {
        SetupForm {
            names: (1..=2).map(|i| format!("Player {i}")).collect(),
            characters: vec!["random".into(); 2],
            seats: vec![Seat::Human; 2],
            preset: "cadet".into(),
            seed: random_seed().to_string(),
            error: None,
        }
    }
}

impl SetupForm {
    pub(super) fn add_seat(&mut self) {
        self.names.push(format!("Player {}", self.names.len() + 1));
        self.characters.push("random".into());
        self.seats.push(Seat::Human);
    }

    pub(super) fn remove_seat(&mut self, seat: usize) {
        self.names.remove(seat);
        self.characters.remove(seat);
        self.seats.remove(seat);
    }
}

/// The shipped win rates (`assets/balance.ron`), read once when the app is built; `None`
/// where they do not parse, and the screen says it has no measured rate.
#[derive(Resource, Debug)]
pub struct ShippedBalance(pub(super) Option<BalanceData>);

impl Default for ShippedBalance {
    fn default() -> Self {
        ShippedBalance(BalanceData::shipped())
    }
}

fn report_setup_failures(mut failures: MessageReader<SetupFailed>, mut form: ResMut<SetupForm>) {
    for SetupFailed(message) in failures.read() {
        form.error = Some(message.clone());
    }
}

/// Enter engages and Esc goes back to the title, unless a field has the keyboard (Enter in a
/// name field ends the edit first). A button in focus (Tab's, or Engage's as the screen
/// opens) takes Enter itself, as egui presses it, but not Esc: the screen's "Esc: title"
/// holds there too.
fn setup_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui_input: Option<Res<EguiWantsInput>>,
    mut contexts: Query<&mut bevy_egui::EguiContext>,
    online: Option<Res<Online>>,
    mut engage: MessageWriter<Engage>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(keys) = keys else { return };
    let typing = contexts
        .iter_mut()
        .any(|mut context| context.get_mut().text_edit_focused())
        || egui_input.as_ref().is_some_and(|i| i.is_popup_open());
    if typing {
        return;
    }
    if !egui_input.is_some_and(|i| i.wants_any_keyboard_input())
        && keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter])
    {
        engage.write(Engage);
    }
    // A join under way stays on this screen, where its progress shows.
    if keys.just_pressed(KeyCode::Escape) && online.is_none() {
        next.set(Screen::Title);
    }
}

/// Checks the seed, opens the port when hosting, and starts the game; a problem stays on the
/// form in words, and nothing starts.
fn engage(
    mut asked: MessageReader<Engage>,
    mut form: ResMut<SetupForm>,
    mut online_form: ResMut<OnlineForm>,
    mut settings: ResMut<Settings>,
    mut crew: ResMut<Crew>,
    mut start: MessageWriter<StartGame>,
    mut commands: Commands,
) {
    if asked.read().count() == 0 {
        return;
    }
    let Ok(seed) = form.seed.trim().parse::<u64>() else {
        form.error = Some("the seed must be a whole number".into());
        return;
    };
    // A name the rules would refuse is said here, before a port opens for it.
    if let Some(problem) = form
        .names
        .iter()
        .find_map(|name| stp_rules::setup::name_problem(name))
    {
        form.error = Some(problem);
        return;
    }
    // Hosting: the port opens before the game starts, or nothing starts.
    if online_form.host {
        match online_form.open_host(&mut settings) {
            Ok(hosting) => commands.insert_resource(hosting),
            Err(err) => {
                form.error = Some(format!("Cannot host: {err}"));
                return;
            }
        }
    }
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
    crew.pending = Some(form.seats.clone());
    settings.last_setup = Some(crate::game::settings::LastSetup {
        names: form.names.clone(),
        characters: form.characters.clone(),
        seats: form.seats.iter().map(|s| s.id().to_string()).collect(),
        preset: form.preset.clone(),
    });
    settings.unsaved = true;
    start.write(StartGame(options));
}
