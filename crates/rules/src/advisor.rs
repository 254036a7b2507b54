//! The advisor: a search bot that plays any seat and answers "what should I do?".
//!
//! Information-set Monte Carlo with the heuristic bot as the rollout policy:
//! - Each sampled world re-deals what the players cannot see (the order of the deck, the bag
//!   and the mission deck, and future die rolls) from the public position, so no answer knows
//!   the future. The hidden sets are sorted before they are shuffled: two positions that
//!   differ only in hidden order get the same advice for the same seed.
//! - Every candidate action is played in the same worlds (common random numbers), then the
//!   heuristic bot plays the game out. Successive halving spends the budget on the candidates
//!   that stay in front.
//!
//! The advice is deterministic for a seed and a rollout budget.

use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

use crate::actions::PlayerAction;
use crate::bot;
use crate::legal::fallback_action;
use crate::state::{GameState, Outcome};

/// How much search one answer may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Rollouts in all (deterministic).
    Rollouts(u32),
    /// Wall-clock milliseconds (the game's setting; not deterministic).
    Millis(u64),
}

impl Budget {
    /// The game's default for a hint (`hint`, and H at the table): an answer within 400 ms
    /// of asking on one core, file and all. The faster forward model plays about as many
    /// rollouts in 360 ms as the engine before it did in the 600 ms this was.
    pub const HINT: Budget = Budget::Millis(360);
    /// A Captain crewmate's search a decision at the table.
    pub const CREWMATE: Budget = Budget::Millis(400);
    /// `simulate --bot advisor`'s default: rollouts, so runs repeat exactly.
    pub const SIMULATE: Budget = Budget::Rollouts(240);
}

/// One candidate's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Scored {
    pub action: PlayerAction,
    /// Mean score over its rollouts: a win scores 1 less 0.004 a turn it takes, so a sure win
    /// is taken sooner rather than later; a loss scores its completed missions' share of 0.3,
    /// so a lost cause still prefers progress.
    pub score: f64,
    /// Rollouts it won, and rollouts in all.
    pub wins: u32,
    pub rollouts: u32,
}

/// The advice: the best candidate, and every candidate as far as it was searched.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    pub best: Scored,
    /// What the heuristic bot would do here, when different from the advice.
    pub heuristic: Option<Scored>,
    pub candidates: Vec<Scored>,
    pub rollouts: u32,
}

/// Turns a rollout may play before it is scored as it stands.
const HORIZON_TURNS: u32 = 80;

/// Every action anyone may take now, in a stable order (the active player's first).
pub fn candidates(state: &GameState) -> Vec<PlayerAction> {
    let n = state.players.len() as u8;
    let mut out = Vec::new();
    for i in 0..n {
        let player = (state.turn.active + i) % n.max(1);
        for action in state.legal_actions(player) {
            if !out.contains(&action) {
                out.push(action);
            }
        }
    }
    out
}

/// The public position: the hidden orders sorted, future dice forgotten (the seed kept, as
/// the search has always seen it, so the same position gets the same advice).
fn public_view(state: &GameState) -> GameState {
    let mut public = state.public_view();
    public.config.seed = state.config.seed;
    public
}

/// What a search sees of the future.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sight {
    /// What the players see: every sampled world re-deals the hidden orders and the dice.
    Fair,
    /// The real deck, bag and mission deck in their order, and the dice the game will roll:
    /// a bench-only bound on what any fair search could reach. It cheats; the game never
    /// offers it.
    Clairvoyant,
}

/// World `index` of a search: the public position with its hidden orders dealt at random, or
/// for a clairvoyant search the real game itself.
fn world(public: &GameState, seed: u64, index: u32, sight: Sight) -> GameState {
    if sight == Sight::Clairvoyant {
        return public.clone();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (u64::from(index) << 32 | 0x5eed));
    let mut world = public.clone();
    world.deck.shuffle(&mut rng);
    world.bag.shuffle(&mut rng);
    world.mission_deck.shuffle(&mut rng);
    world.rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
    world
}

/// Plays one candidate in a world, then the heuristic bot to the end (or the horizon).
fn rollout(mut state: GameState, action: PlayerAction) -> (f64, bool) {
    state.quiet = true;
    if state.act(action).is_err() {
        return (0.0, false);
    }
    state.advance();
    state.events.clear();
    let start = state.turn.number;
    let horizon = start + HORIZON_TURNS;
    while !state.is_over() && state.turn.number <= horizon {
        let Some(next) = bot::choose(&state) else {
            break;
        };
        if state.act(next).is_err() && state.act(fallback_action(&state)).is_err() {
            break;
        }
        state.advance();
        state.events.clear();
    }
    let won = state.outcome == Some(Outcome::Won);
    let progress =
        state.completed_missions.len() as f64 / f64::from(state.config.missions_required.max(1));
    let turns = f64::from(state.turn.number.saturating_sub(start));
    let score = if won {
        1.0 - 0.004 * turns.min(75.0)
    } else {
        0.3 * progress.min(1.0)
    };
    (score, won)
}

/// Searches the position and returns the advice, or `None` when nobody must act.
pub fn advise(state: &GameState, budget: Budget, seed: u64) -> Option<Advice> {
    advise_seeing(state, budget, seed, Sight::Fair)
}

/// [`advise`], seeing what `sight` allows: `Sight::Fair` is the advisor every player and bot
/// uses; `Sight::Clairvoyant` is the bench's bound.
pub fn advise_seeing(state: &GameState, budget: Budget, seed: u64, sight: Sight) -> Option<Advice> {
    if state.is_over() || !state.awaits_players() {
        return None;
    }
    let heuristic = bot::choose(state);
    // The heuristic's choice first: on a tie it wins, so the search only departs from a
    // sensible move for a better one.
    let mut actions: Vec<PlayerAction> = heuristic.into_iter().collect();
    for action in candidates(state) {
        if !actions.contains(&action) {
            actions.push(action);
        }
    }
    let mut stats: Vec<Scored> = actions
        .iter()
        .map(|action| Scored {
            action: *action,
            score: 0.0,
            wins: 0,
            rollouts: 0,
        })
        .collect();
    let started = Instant::now();
    let mut total = 0;
    let mut alive: Vec<usize> = (0..stats.len()).collect();
    if stats.len() > 1 {
        let public = match sight {
            Sight::Fair => public_view(state),
            Sight::Clairvoyant => state.clone(),
        };
        let mut deadline = None;
        let rollouts = match (budget, sight) {
            // Its one world is the real game: a second rollout of a candidate repeats the
            // first exactly, so each is played once (then halving replays the survivors).
            (_, Sight::Clairvoyant) => stats.len() as u32,
            (Budget::Rollouts(n), Sight::Fair) => n.max(stats.len() as u32),
            // Time one world of every candidate, then fit the rest to the time left.
            (Budget::Millis(ms), Sight::Fair) => {
                let limit = Duration::from_millis(ms);
                // A hard stop too: a busy machine slows rollouts after the estimate.
                deadline = Some(started + limit);
                let w = world(&public, seed, 0, sight);
                let probe = Instant::now();
                for s in &mut stats {
                    let (score, won) = rollout(w.clone(), s.action);
                    s.score += score;
                    s.wins += u32::from(won);
                    s.rollouts += 1;
                }
                total += stats.len() as u32;
                let each = probe.elapsed().as_secs_f64() / stats.len() as f64;
                let left = limit.saturating_sub(started.elapsed()).as_secs_f64();
                ((left / each.max(1e-6)) as u32).max(stats.len() as u32)
            }
        };
        let (spent, survivors) = halve(&public, seed, sight, &mut stats, rollouts, deadline);
        total += spent;
        alive = survivors;
    }
    let mean = |s: &Scored| s.score / f64::from(s.rollouts.max(1));
    let finished: Vec<Scored> = stats
        .iter()
        .map(|s| Scored {
            score: mean(s),
            ..s.clone()
        })
        .collect();
    // The most searched candidate that scores best; on a tie the first in order, which is the
    // heuristic's choice.
    let mut best = finished.get(*alive.first()?)?;
    for &i in &alive[1..] {
        if finished[i].score > best.score {
            best = &finished[i];
        }
    }
    let best = best.clone();
    let heuristic = heuristic
        .filter(|h| *h != best.action)
        .and_then(|h| finished.iter().find(|s| s.action == h).cloned());
    Some(Advice {
        best,
        heuristic,
        candidates: finished,
        rollouts: total,
    })
}

/// Successive halving: rounds of equal rollouts per surviving candidate, each round keeping
/// the better half, until one remains, the budget is spent or the deadline passes. Returns the
/// rollouts played and the survivors (in candidate order).
fn halve(
    public: &GameState,
    seed: u64,
    sight: Sight,
    stats: &mut [Scored],
    budget: u32,
    deadline: Option<Instant>,
) -> (u32, Vec<usize>) {
    let mut alive: Vec<usize> = (0..stats.len()).collect();
    let rounds = (usize::BITS - (stats.len() - 1).leading_zeros()).max(1);
    let mut spent = 0;
    for round in 0..rounds {
        let share = budget.saturating_sub(spent) / (rounds - round);
        let per = (share / alive.len() as u32).max(1);
        // World by world across the candidates, so a deadline leaves them evenly searched.
        for _ in 0..per {
            for &i in &alive {
                let k = stats[i].rollouts;
                let (score, won) = rollout(world(public, seed, k, sight), stats[i].action);
                stats[i].score += score;
                stats[i].wins += u32::from(won);
                stats[i].rollouts += 1;
                spent += 1;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return (spent, alive);
            }
        }
        if alive.len() == 1 {
            break;
        }
        // Keep the better half (by mean; on a tie, the earlier candidate).
        alive.sort_by(|a, b| {
            let mean = |i: usize| stats[i].score / f64::from(stats[i].rollouts.max(1));
            mean(*b)
                .partial_cmp(&mean(*a))
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.cmp(b))
        });
        alive.truncate(alive.len().div_ceil(2));
        alive.sort_unstable();
    }
    (spent, alive)
}

/// The advisor as a bot: the advised action for whoever must act.
pub fn choose(state: &GameState, budget: Budget, seed: u64) -> Option<PlayerAction> {
    advise(state, budget, seed).map(|a| a.best.action)
}

/// The clairvoyant search as a bot (bench only: it cheats).
pub fn choose_clairvoyant(state: &GameState, budget: Budget, seed: u64) -> Option<PlayerAction> {
    advise_seeing(state, budget, seed, Sight::Clairvoyant).map(|a| a.best.action)
}
