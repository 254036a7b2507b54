//! The Academy: the lessons of `crate::tutorial` played on the real table. Each step says
//! what to do and points at it (the card is picked and its target in focus on the board); the
//! rules carry out only the step's action (`ActionGate`), and any other is refused with the
//! rules' reason or the lesson's words. Lessons can be restarted, skipped and picked; the last
//! hands over to a Cadet game.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use stp_rules::{
    ActionAccepted, ActionGate, ActionRefused, GameOptions, GameState, LoadGame, PlayerAction,
    StartGame,
};

use crate::game::advisor::show_on_table;
use crate::game::launch::Launch;
use crate::game::model::record::Record;
use crate::game::model::screen::random_seed;
use crate::game::model::selection::Selection;
use crate::game::systems::GameSystems;
use crate::words::lessons::{Lesson, lessons};

pub(super) fn window_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, opening_note);
}

/// "Opening lesson N: …" in the middle of the window from the frame a lesson is chosen until
/// its table has been drawn twice, so a slow first frame never looks like a dead click.
fn opening_note(
    mut contexts: EguiContexts,
    mut academy: ResMut<Academy>,
    screen: Res<State<crate::game::model::screen::Screen>>,
    mut drawn: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    let Some(index) = academy.opening else {
        *drawn = 0;
        return Ok(());
    };
    if *screen.get() == crate::game::model::screen::Screen::Playing {
        *drawn += 1;
        if *drawn > 2 {
            academy.opening = None;
            return Ok(());
        }
    }
    let title = academy
        .lessons
        .get(index)
        .map_or(String::new(), |l| format!(": {}", l.title));
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("opening lesson".into())
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style()).show(ui, |ui| {
                ui.label(
                    egui::RichText::new(format!("Opening lesson {}{title}…", index + 1)).size(20.0),
                );
            });
        });
    redraw.write(RequestRedraw);
    Ok(())
}

/// The Academy without its window (the presentation tests run this headless).
pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<Academy>()
        .add_message::<OpenLesson>()
        .add_message::<AcademyChoice>()
        .add_systems(Startup, start_from_command_line)
        .add_systems(
            Update,
            (follow_choices, open_lessons, follow_steps)
                .chain()
                .in_set(GameSystems::Events),
        )
        .add_systems(Update, next_by_key.in_set(GameSystems::Input));
}

/// N answers the lesson window's "Next": on past a step to read, or on to the next lesson
/// once this one is done, so a lesson is finished from the keyboard alone.
fn next_by_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut academy: ResMut<Academy>,
    mut open: MessageWriter<OpenLesson>,
) {
    let (Some(keys), Some(index)) = (keys, academy.lesson) else {
        return;
    };
    if !keys.just_pressed(KeyCode::KeyN) {
        return;
    }
    let count = academy.lessons.len();
    match academy.current().and_then(|l| l.steps.get(academy.step)) {
        Some(step) if step.action.is_none() => {
            academy.step += 1;
            academy.refused = None;
        }
        None if academy.finished() && index + 1 < count => {
            open.write(OpenLesson(index + 1));
        }
        _ => {}
    }
}

/// Opens lesson N (0-based) on the table.
#[derive(Message, Debug, Clone, Copy)]
pub struct OpenLesson(pub usize);

/// The lesson on the table, and how far the player has got.
#[derive(Resource, Debug, Default)]
pub struct Academy {
    pub lessons: Vec<Lesson>,
    /// The lesson being played; `None` outside the Academy.
    pub lesson: Option<usize>,
    pub step: usize,
    /// The last refusal, in the rules' or the lesson's words.
    pub refused: Option<String>,
    /// A lesson file that would not open (shown instead of the lesson).
    pub error: Option<String>,
    /// A lesson being opened: "Opening lesson N…" shows until its table has been drawn (the
    /// first frames of a table can take seconds under software rendering).
    pub opening: Option<usize>,
    /// How many times a lesson was opened: a lesson opened again (Restart) is new to a screen
    /// reader, whose focus its first step takes once more.
    pub opened: u32,
}

impl Academy {
    pub fn current(&self) -> Option<&Lesson> {
        self.lessons.get(self.lesson?)
    }

    /// Whether every step of the lesson on the table is done.
    pub fn finished(&self) -> bool {
        self.current().is_some_and(|l| self.step >= l.steps.len())
    }
}

fn start_from_command_line(launch: Res<Launch>, mut open: MessageWriter<OpenLesson>) {
    if launch.tutorial {
        open.write(OpenLesson(launch.lesson.unwrap_or(1) - 1));
    }
}

fn open_lessons(
    mut requests: MessageReader<OpenLesson>,
    mut academy: ResMut<Academy>,
    mut record: ResMut<Record>,
    mut loads: MessageWriter<LoadGame>,
) {
    let Some(OpenLesson(index)) = requests.read().last().copied() else {
        return;
    };
    if academy.lessons.is_empty() {
        match lessons() {
            Ok(all) => academy.lessons = all,
            Err(err) => {
                academy.error = Some(err);
                return;
            }
        }
    }
    let Some(lesson) = academy.lessons.get(index) else {
        return;
    };
    match lesson.table() {
        Ok((options, state)) => {
            record.options = Some(options);
            record.start_at(&state);
            record.actions.clear();
            loads.write(LoadGame(Box::new(state)));
            academy.lesson = Some(index);
            academy.step = 0;
            academy.refused = None;
            academy.error = None;
            academy.opening = Some(index);
            academy.opened = academy.opened.wrapping_add(1);
        }
        Err(err) => academy.error = Some(format!("{}: {err}", lesson.title)),
    }
}

/// What the rules made of this frame's actions: those accepted and those refused.
#[derive(bevy::ecs::system::SystemParam)]
struct Outcomes<'w, 's> {
    accepted: MessageReader<'w, 's, ActionAccepted>,
    refused: MessageReader<'w, 's, ActionRefused>,
}

/// Moves on when the step's action is carried out, keeps the rules' gate on the step's action,
/// and points at it on the table.
fn follow_steps(
    outcomes: Outcomes,
    mut academy: ResMut<Academy>,
    state: Option<Res<GameState>>,
    gate: Option<Res<ActionGate>>,
    mut selection: ResMut<Selection>,
    mut shown_step: Local<Option<(usize, usize)>>,
    mut commands: Commands,
) {
    let Outcomes {
        mut accepted,
        mut refused,
    } = outcomes;
    // No table (the Academy left for the title): no gate either.
    let Some(state) = state else {
        if gate.is_some() {
            commands.remove_resource::<ActionGate>();
        }
        return;
    };
    let expected = |academy: &Academy| -> Option<PlayerAction> {
        let lesson = academy.current()?;
        lesson.expected(academy.step, &state)?.ok()
    };
    // The gate the rules used holds the step's action as it was named before it was played
    // (after it, its card is no longer in hand to name).
    for ActionAccepted(action) in accepted.read() {
        if academy.lesson.is_some() && gate.as_ref().is_some_and(|g| g.allowed.contains(action)) {
            academy.step += 1;
            academy.refused = None;
        }
    }
    if let Some(reason) = refused.read().last() {
        academy.refused = Some(reason.reason.to_string());
    }
    // The gate: the step's action only; none while the player reads; gone outside a lesson
    // or once it is done.
    let wanted = match academy.current() {
        Some(lesson) if !academy.finished() => {
            let say = &lesson.steps[academy.step].say;
            Some(match expected(&academy) {
                Some(action) => ActionGate {
                    allowed: vec![action],
                    otherwise: format!("not in this step of the lesson: {say}"),
                },
                None => ActionGate {
                    allowed: Vec::new(),
                    otherwise: "read the lesson's step, then press Next".into(),
                },
            })
        }
        _ => None,
    };
    match (wanted, gate) {
        (Some(wanted), Some(gate)) if *gate == wanted => {}
        (Some(wanted), _) => commands.insert_resource(wanted),
        (None, Some(_)) => commands.remove_resource::<ActionGate>(),
        (None, None) => {}
    }
    // Point at the step's card and target once, when the step begins.
    let here = academy.lesson.map(|l| (l, academy.step));
    if *shown_step != here {
        *shown_step = here;
        selection.clear_card();
        if let Some(action) = expected(&academy) {
            show_on_table(&state, action, &mut selection);
        }
    }
}

/// The lesson, docked in the table's left column (the seats' column, which a lesson's one
/// player leaves free), so it covers neither the board, the piles nor the controls: the
/// step's words, the last refusal, Next for a step to read, and the way on (restart, skip,
/// another lesson, leave), which the menu (Esc) offers to the keyboard too. Returns the way
/// on chosen. With nothing lit or picked on the table (`focus_here`), the step's words hold
/// the focus a screen reader follows, so each step is read as it comes: Orca 43 speaks the
/// focus and its changes, not a live region.
pub(crate) fn lesson_panel(
    ui: &mut egui::Ui,
    academy: &mut Academy,
    focus_here: bool,
) -> Option<AcademyChoice> {
    let index = academy.lesson?;
    let count = academy.lessons.len();
    let lesson = academy.current().cloned()?;
    ui.label(
        egui::RichText::new(format!("Academy · lesson {} of {count}", index + 1))
            .color(crate::game::theme::quiet(ui.ctx())),
    );
    ui.label(
        egui::RichText::new(&lesson.title)
            .size(20.0)
            .color(crate::game::theme::GOLD),
    );
    // The way on first, where it stays put: the step's words below grow and shrink, and a
    // second click on Next never lands on "Skip lesson".
    let mut chosen = ui.horizontal_wrapped(|ui| way_on(ui, academy)).inner;
    egui::ComboBox::from_id_salt("lessons")
        .selected_text("Other lessons")
        .show_ui(ui, |ui| chosen = chosen.or(lesson_list(ui, academy)));
    ui.separator();
    if let Some(error) = &academy.error {
        ui.colored_label(egui::Color32::LIGHT_RED, error);
    }
    let total = lesson.steps.len();
    ui.label(
        egui::RichText::new(format!("Step {} of {total}", (academy.step + 1).min(total)))
            .color(crate::game::theme::quiet(ui.ctx())),
    );
    match lesson.steps.get(academy.step) {
        Some(step) => {
            // A widget of its own each step: Orca hears a new focus, where it ignores a
            // label's words changing under the focus.
            let words = ui
                .push_id(("lesson step", index, academy.step), |ui| {
                    ui.label(egui::RichText::new(&step.say).size(15.0))
                })
                .inner;
            // A lesson's first step says which lesson it opens: under Orca, the second
            // lesson began with its first step's words and no title.
            if academy.step == 0 {
                let name = format!(
                    "Academy lesson {} of {count}: {}. {}",
                    index + 1,
                    lesson.title,
                    step.say
                );
                words.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::WidgetType::Label, true, &name)
                });
            }
            if focus_here {
                crate::game::theme::take_tab_focus_once(
                    &words,
                    ("lesson step", academy.opened, academy.step),
                );
            }
            if step.action.is_none() && ui.button("Next [N]").clicked() {
                academy.step += 1;
                academy.refused = None;
            }
        }
        None => {
            // An id of its own, as each step's words have: with the widgets' automatic id,
            // lesson 2's "Lesson complete." took the focus for one frame and then lost it to a
            // label with no name (Orca: "event is from defunct source"), and was never said.
            let words = ui
                .push_id(("lesson done", index), |ui| {
                    ui.label(egui::RichText::new("Lesson complete.").size(15.0).strong())
                })
                .inner;
            if focus_here {
                crate::game::theme::take_tab_focus_once(&words, ("lesson done", academy.opened));
            }
        }
    }
    if let Some(reason) = &academy.refused {
        ui.colored_label(egui::Color32::LIGHT_RED, format!("Refused: {reason}."));
    }
    ui.add_space(6.0);
    ui.small("Esc: the menu, where the keyboard reaches these too.");
    chosen
}

/// Where the player goes from a lesson: the window's buttons and the menu's Academy section
/// both ask for it, and `follow_choices` carries it out (headless too).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AcademyChoice {
    /// Lesson N (0-based), from the start: the next one, this one again, or any other.
    Open(usize),
    /// After the last lesson: a Cadet game of one's own.
    PlayCadet,
    Leave,
}

fn follow_choices(
    mut choices: MessageReader<AcademyChoice>,
    mut academy: ResMut<Academy>,
    mut open: MessageWriter<OpenLesson>,
    mut start: MessageWriter<StartGame>,
    mut leave: MessageWriter<crate::game::model::screen::LeaveTable>,
    mut next: ResMut<NextState<crate::game::model::screen::Screen>>,
) {
    for choice in choices.read() {
        match *choice {
            AcademyChoice::Open(index) => {
                open.write(OpenLesson(index));
            }
            AcademyChoice::PlayCadet => {
                academy.lesson = None;
                start.write(StartGame(GameOptions::quick(random_seed(), 1, "cadet")));
            }
            // Back to the title, the lesson's table taken away.
            AcademyChoice::Leave => {
                leave.write(crate::game::model::screen::LeaveTable::ToScreen);
                next.set(crate::game::model::screen::Screen::Title);
            }
        }
    }
}

/// The way on from the lesson on the table, as buttons: the next lesson (or skip, or a Cadet
/// game after the last), restart, leave. Each is a plain egui button, so Tab and Enter reach
/// it wherever egui has the Tab key (the menu).
pub(crate) fn way_on(ui: &mut egui::Ui, academy: &Academy) -> Option<AcademyChoice> {
    let index = academy.lesson?;
    let mut chosen = None;
    if index + 1 < academy.lessons.len() {
        let words = if academy.finished() {
            "Next lesson [N]"
        } else {
            "Skip lesson"
        };
        if ui.button(words).clicked() {
            chosen = Some(AcademyChoice::Open(index + 1));
        }
    } else if ui.button("Play a Cadet game").clicked() {
        chosen = Some(AcademyChoice::PlayCadet);
    }
    if ui.button("Restart lesson").clicked() {
        chosen = Some(AcademyChoice::Open(index));
    }
    if ui.button("Leave the Academy").clicked() {
        chosen = Some(AcademyChoice::Leave);
    }
    chosen
}

/// Every lesson by number and title, the one on the table marked; choosing one opens it.
pub(crate) fn lesson_list(ui: &mut egui::Ui, academy: &Academy) -> Option<AcademyChoice> {
    let mut chosen = None;
    for (i, lesson) in academy.lessons.iter().enumerate() {
        let here = academy.lesson == Some(i);
        if ui
            .selectable_label(here, format!("{}. {}", i + 1, lesson.title))
            .clicked()
        {
            chosen = Some(AcademyChoice::Open(i));
        }
    }
    chosen
}

/// The menu's Academy section: the same way on, and the lessons under a header that Enter
/// opens, so every one of them is a Tab away.
pub fn menu_section(ui: &mut egui::Ui, academy: &Academy) -> Option<AcademyChoice> {
    let index = academy.lesson?;
    ui.heading(format!(
        "Academy: lesson {} of {}",
        index + 1,
        academy.lessons.len()
    ));
    let mut chosen = ui.horizontal_wrapped(|ui| way_on(ui, academy)).inner;
    egui::CollapsingHeader::new("Other lessons")
        .id_salt("menu lessons")
        .show(ui, |ui| chosen = chosen.or(lesson_list(ui, academy)));
    chosen
}
