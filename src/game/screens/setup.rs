//! The setup screen: 1–6 named seats with a character each (or random), the difficulty, a
//! seed to share, and "continue" when an autosave exists.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::content::builtin;
use stp_rules::{GameOptions, SetupFailed, StartGame};

use super::{Screen, random_seed};
use crate::balance::BalanceData;
use crate::game::crew::{Crew, Seat};
use crate::game::launch::Launch;
use crate::game::online::Online;
use crate::game::online::setup::{OnlineForm, section};
use crate::game::session::{SaveRequest, SaveStatus, autosave_path, save_path};
use crate::game::settings::{Settings, settings_path};
use crate::game::tutorial::OpenLesson;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SetupForm>()
        .add_systems(
            EguiPrimaryContextPass,
            setup_screen.run_if(in_state(Screen::Setup)),
        )
        .add_systems(Update, report_setup_failures);
}

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

/// The shipped win rates, read once.
static BALANCE: std::sync::OnceLock<Option<BalanceData>> = std::sync::OnceLock::new();

fn report_setup_failures(mut failures: MessageReader<SetupFailed>, mut form: ResMut<SetupForm>) {
    for SetupFailed(message) in failures.read() {
        form.error = Some(message.clone());
    }
}

fn setup_screen(
    mut contexts: EguiContexts,
    mut form: ResMut<SetupForm>,
    mut start: MessageWriter<StartGame>,
    mut saves: MessageWriter<SaveRequest>,
    status: Res<SaveStatus>,
    launch: Res<Launch>,
    mut crew: ResMut<Crew>,
    mut academy: MessageWriter<OpenLesson>,
    mut online_form: ResMut<OnlineForm>,
    online: Option<Res<Online>>,
    mut settings: ResMut<Settings>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let content = builtin();
    egui::Window::new("Star Trek Panic — new game")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            if let Some(path) = autosave_path(&launch).filter(|p| p.exists()) {
                ui.horizontal(|ui| {
                    if ui.button("Continue the last game").clicked() {
                        saves.write(SaveRequest::Load(path));
                    }
                    if let Some(saved) = save_path(&launch).filter(|p| p.exists())
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
            // First on a first start (no settings saved yet): the Academy.
            let first_start = settings_path(&launch).is_some_and(|p| !p.exists());
            let academy_text = if first_start {
                egui::RichText::new("New to Star Trek Panic? Start with the Academy: ten short lessons")
                    .heading()
                    .color(egui::Color32::GOLD)
            } else {
                egui::RichText::new("Academy: learn to play in ten short lessons")
            };
            if ui.button(academy_text).clicked() {
                academy.write(OpenLesson(0));
            }
            ui.separator();
            ui.label("1–6 players share this keyboard and mouse, or play from other machines (below); any seat may be a bot crewmate. Choose names and characters.");
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
                    let seat_kind = &mut form.seats[seat];
                    // A remote seat comes with hosting.
                    if !online_form.host && *seat_kind == Seat::Remote {
                        *seat_kind = Seat::Human;
                    }
                    let kinds = Seat::ALL.into_iter().chain(online_form.host.then_some(Seat::Remote));
                    egui::ComboBox::from_id_salt(("seat", seat))
                        .selected_text(seat_kind.label())
                        .width(120.0)
                        .show_ui(ui, |ui| {
                            for kind in kinds {
                                ui.selectable_value(seat_kind, kind, kind.label());
                            }
                        })
                        .response
                        .on_hover_text("Ensign: the quick heuristic bot. Captain: the advisor, which searches sampled futures.");
                    if form.names.len() > 1 && ui.small_button("Remove").clicked() {
                        remove = Some(seat);
                    }
                });
            }
            if let Some(seat) = remove {
                form.names.remove(seat);
                form.characters.remove(seat);
                form.seats.remove(seat);
            }
            if form.names.len() < 6 && ui.button("Add a player").clicked() {
                form.names.push(format!("Player {}", form.names.len() + 1));
                form.characters.push("random".into());
                form.seats.push(Seat::Human);
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
            // Measured, not typed: `balance --crews --write assets/balance.ron`.
            if let Some(rate) = BALANCE
                .get_or_init(BalanceData::shipped)
                .as_ref()
                .and_then(|data| data.rate(&form.preset, form.names.len()))
            {
                ui.label(format!(
                    "Captain bots win {:.0}% of {} games with {} players; Ensign bots {:.0}%.",
                    100.0 * rate.captain,
                    form.preset,
                    form.names.len(),
                    100.0 * rate.ensign
                ));
            }
            ui.horizontal(|ui| {
                ui.label("Seed (share it to replay the same game):");
                ui.add(egui::TextEdit::singleline(&mut form.seed).desired_width(120.0));
            });
            section(ui, &mut online_form, online.as_deref(), &mut settings, &mut commands);
            // Hosting with nobody to join is allowed, but rarely meant.
            if online_form.host && !form.seats.contains(&Seat::Remote) {
                ui.colored_label(
                    egui::Color32::YELLOW,
                    "No seat is a \"Remote player\" yet: set one above for a crewmate to join \
                     from another machine.",
                );
            }
            ui.separator();
            if let Some(error) = &form.error {
                ui.colored_label(egui::Color32::LIGHT_RED, error);
            }
            if ui
                .button(egui::RichText::new("Engage!").heading())
                .clicked()
            {
                let Ok(seed) = form.seed.trim().parse::<u64>() else {
                    form.error = Some("the seed must be a whole number".into());
                    return;
                };
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
                start.write(StartGame(options));
            }
        });
    Ok(())
}
