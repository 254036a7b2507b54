//! The Academy's lessons as data (`assets/tutorial/`): each is a scenario (the table), steps
//! (what to say, and the action the step waits for), and the rules events that show its goal
//! was reached. The game plays them (`game::tutorial`); the tests play every lesson headless.

use serde::Deserialize;
use stp_rules::scenario::{Scenario, ScenarioAction, resolve};
use stp_rules::{GameOptions, GameState, PlayerAction, Refusal};

/// One lesson.
#[derive(Debug, Clone, Deserialize)]
pub struct Lesson {
    pub title: String,
    pub scenario: Scenario,
    pub steps: Vec<LessonStep>,
    /// Rules events (by kind, e.g. "ThreatDestroyed") that must happen while it is played.
    pub goal: Vec<String>,
}

/// One step of a lesson.
#[derive(Debug, Clone, Deserialize)]
pub struct LessonStep {
    /// What to do, in a sentence or two, naming the key.
    pub say: String,
    /// The action the step waits for; without one the player reads and presses Next.
    #[serde(default)]
    pub action: Option<ScenarioAction>,
    /// A wrong action, and words its refusal says (the tests try it).
    #[serde(default)]
    pub wrong: Option<(ScenarioAction, String)>,
}

/// The lessons' files, in order.
const FILES: [(&str, &str); 10] = [
    (
        "01_the_board.ron",
        include_str!("../../assets/tutorial/01_the_board.ron"),
    ),
    (
        "02_firing.ron",
        include_str!("../../assets/tutorial/02_firing.ron"),
    ),
    (
        "03_torpedoes.ron",
        include_str!("../../assets/tutorial/03_torpedoes.ron"),
    ),
    (
        "04_maneuvering.ron",
        include_str!("../../assets/tutorial/04_maneuvering.ron"),
    ),
    (
        "05_the_threat_phase.ron",
        include_str!("../../assets/tutorial/05_the_threat_phase.ron"),
    ),
    (
        "06_boarders.ron",
        include_str!("../../assets/tutorial/06_boarders.ron"),
    ),
    (
        "07_cloaking.ron",
        include_str!("../../assets/tutorial/07_cloaking.ron"),
    ),
    (
        "08_repairs.ron",
        include_str!("../../assets/tutorial/08_repairs.ron"),
    ),
    (
        "09_missions.ron",
        include_str!("../../assets/tutorial/09_missions.ron"),
    ),
    (
        "10_winning_and_losing.ron",
        include_str!("../../assets/tutorial/10_winning_and_losing.ron"),
    ),
];

/// How many lessons the Academy has, in words ("ten"): counted from its files, so every
/// place that says it follows a lesson added or taken away (issue 41: "ten" stood in 7).
pub const COUNT_IN_WORDS: &str = number_word(FILES.len());

const fn number_word(n: usize) -> &'static str {
    match n {
        1 => "one",
        2 => "two",
        3 => "three",
        4 => "four",
        5 => "five",
        6 => "six",
        7 => "seven",
        8 => "eight",
        9 => "nine",
        10 => "ten",
        11 => "eleven",
        12 => "twelve",
        _ => "a few",
    }
}

/// Every lesson, in order; `Err` names a file that does not parse.
pub fn lessons() -> Result<Vec<Lesson>, String> {
    FILES
        .iter()
        .map(|(name, text)| ron::from_str(text).map_err(|e| format!("assets/tutorial/{name}: {e}")))
        .collect()
}

impl Lesson {
    /// The lesson's table (after the scenario's own actions and automatic phases), with the
    /// options of its game.
    pub fn table(&self) -> Result<(GameOptions, GameState), String> {
        match self.scenario.run_observed(&mut |_, _| {}) {
            (Some(state), Ok(())) => Ok((self.scenario.options(), state)),
            (_, Err(err)) => Err(err.to_string()),
            (None, Ok(())) => Err("no table".into()),
        }
    }

    /// The action step `index` waits for, in this position.
    pub fn expected(
        &self,
        index: usize,
        state: &GameState,
    ) -> Option<Result<PlayerAction, Refusal>> {
        let named = self.steps.get(index)?.action.as_ref()?;
        Some(resolve(state, named))
    }
}
