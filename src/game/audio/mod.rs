//! Sound: every cue is synthesized here at start-up, on a worker thread (no recorded files),
//! and played from the rules events through bevy_kira_audio. A music loop runs on its own
//! channel. Volumes and mute are kept by `settings`. Without a sound device bevy_kira_audio
//! logs a warning and the game plays on silently.

use crate::game::model::event_catalogue::{Cue, presentation};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use bevy_kira_audio::prelude::*;
use std::f32::consts::TAU;

use crate::game::settings::Settings;
use crate::game::systems::GameSystems;

const RATE: u32 = 44_100;

#[derive(Resource)]
struct Music;
#[derive(Resource)]
struct Effects;

#[derive(Resource)]
struct Sounds {
    cues: Vec<(Cue, Handle<AudioSource>)>,
    music: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(AudioPlugin)
        .add_audio_channel::<Music>()
        .add_audio_channel::<Effects>()
        .add_systems(Startup, start_synthesis)
        .add_systems(
            Update,
            (finish_synthesis, apply_settings, play_cues)
                .chain()
                .in_set(GameSystems::Events),
        );
}

/// Mono samples in −1..1 to a sound.
fn sound(samples: Vec<f32>) -> AudioSource {
    let frames: Vec<Frame> = samples.into_iter().map(Frame::from_mono).collect();
    AudioSource {
        sound: StaticSoundData {
            sample_rate: RATE,
            frames: frames.into(),
            settings: StaticSoundSettings::default(),
            slice: None,
        },
    }
}

/// A tiny deterministic noise source, so the sounds are the same on every run.
struct Noise(u32);
impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

fn render(seconds: f32, mut f: impl FnMut(f32, f32) -> f32) -> Vec<f32> {
    let n = (seconds * RATE as f32) as usize;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            (f(t, t / seconds) * 0.8).clamp(-1.0, 1.0)
        })
        .collect()
}

fn tone(freqs: &[f32], seconds: f32, decay: f32) -> Vec<f32> {
    render(seconds, |t, _| {
        let env = (-t * decay).exp() * (t * 200.0).min(1.0);
        freqs.iter().map(|f| (TAU * f * t).sin()).sum::<f32>() / freqs.len() as f32 * env
    })
}

fn cue_samples(cue: Cue) -> Vec<f32> {
    let mut noise = Noise(0x9E37_79B9 ^ cue as u32);
    match cue {
        // A falling whine.
        Cue::Phaser => render(0.45, |t, _| {
            let f = 1800.0 - 2200.0 * t;
            (TAU * f * t).sin() * 0.6 * (-t * 4.0).exp()
        }),
        Cue::Torpedo => render(0.6, |t, _| {
            (TAU * (120.0 + 600.0 * (-t * 8.0).exp()) * t).sin() * (-t * 5.0).exp()
        }),
        Cue::Explosion => render(0.9, |t, _| noise.next() * (-t * 5.0).exp()),
        Cue::ShieldHit => tone(&[880.0, 1320.0], 0.35, 9.0),
        Cue::HullHit => render(0.5, |t, _| {
            ((TAU * 70.0 * t).sin() + noise.next() * 0.5) * (-t * 7.0).exp()
        }),
        Cue::Boarding => render(0.9, |t, _| {
            let f = if ((t * 4.0) as u32).is_multiple_of(2) {
                660.0
            } else {
                440.0
            };
            (TAU * f * t).sin().signum() * 0.25
        }),
        Cue::Cloak => render(0.7, |t, p| {
            (TAU * (300.0 + 500.0 * p) * t).sin() * (1.0 - p) * 0.5
        }),
        Cue::Uncloak => render(0.7, |t, p| (TAU * (800.0 - 500.0 * p) * t).sin() * p * 0.5),
        Cue::Comet => render(1.0, |t, p| {
            noise.next() * (p * (1.0 - p) * 4.0) * (1.0 - (-t * 30.0).exp())
        }),
        Cue::Docking => [523.0, 659.0, 784.0]
            .iter()
            .flat_map(|f| tone(&[*f], 0.18, 6.0))
            .collect(),
        Cue::MissionComplete => [523.0, 659.0, 784.0, 1046.0]
            .iter()
            .flat_map(|f| tone(&[*f], 0.15, 5.0))
            .collect(),
        Cue::MissionFailed => [392.0, 330.0, 262.0]
            .iter()
            .flat_map(|f| tone(&[*f], 0.25, 4.0))
            .collect(),
        Cue::Victory => [392.0, 523.0, 659.0, 784.0]
            .iter()
            .flat_map(|f| tone(&[*f, f * 1.5], 0.3, 2.0))
            .collect(),
        Cue::Defeat => tone(&[110.0, 130.8, 164.8], 2.0, 1.2),
    }
}

/// A slow pad: four chords, eight seconds, looped.
fn music_samples() -> Vec<f32> {
    let chords: [[f32; 3]; 4] = [
        [220.0, 261.6, 329.6],
        [174.6, 220.0, 261.6],
        [196.0, 246.9, 293.7],
        [164.8, 207.7, 246.9],
    ];
    chords
        .iter()
        .flat_map(|chord| {
            render(2.0, |t, p| {
                let env = (p * 8.0).min(1.0) * ((1.0 - p) * 8.0).min(1.0);
                chord
                    .iter()
                    .map(|f| (TAU * f * t).sin() + 0.3 * (TAU * f * 2.0 * t).sin())
                    .sum::<f32>()
                    * 0.12
                    * env
            })
        })
        .collect()
}

/// Every cue and the music, made on a worker thread while the first frames draw: made
/// before them, they kept the first frame waiting (issue 42, start-up within 1.2× of a bare
/// window). Until they are ready no cue plays, as when the machine has no sound device.
#[derive(Resource)]
struct Synthesizing(Task<Synthesized>);

type Synthesized = (Vec<(Cue, AudioSource)>, AudioSource);

const CUES: [Cue; 14] = [
    Cue::Phaser,
    Cue::Torpedo,
    Cue::Explosion,
    Cue::ShieldHit,
    Cue::HullHit,
    Cue::Boarding,
    Cue::Cloak,
    Cue::Uncloak,
    Cue::Comet,
    Cue::Docking,
    Cue::MissionComplete,
    Cue::MissionFailed,
    Cue::Victory,
    Cue::Defeat,
];

fn start_synthesis(mut commands: Commands) {
    let task = AsyncComputeTaskPool::get().spawn(async {
        let cues = CUES
            .into_iter()
            .map(|cue| (cue, sound(cue_samples(cue))))
            .collect();
        (cues, sound(music_samples()))
    });
    commands.insert_resource(Synthesizing(task));
}

/// Takes the sounds once they are made; till then a frame more is asked for, so they are
/// taken (and the music starts) without waiting for a key, and the window sleeps after.
fn finish_synthesis(
    mut commands: Commands,
    task: Option<ResMut<Synthesizing>>,
    mut sources: ResMut<Assets<AudioSource>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let Some(mut task) = task else { return };
    let Some((cues, music)) = block_on(future::poll_once(&mut task.0)) else {
        redraw.write(bevy::window::RequestRedraw);
        return;
    };
    commands.remove_resource::<Synthesizing>();
    let cues = cues
        .into_iter()
        .map(|(cue, source)| (cue, sources.add(source)))
        .collect();
    let music = sources.add(music);
    commands.insert_resource(Sounds { cues, music });
}

/// Linear volume (0–1) in decibels.
fn decibels(volume: f32) -> f32 {
    20.0 * volume.max(0.001).log10()
}

/// Starts the music once the sounds exist, and follows the volume settings as they change.
fn apply_settings(
    settings: Res<Settings>,
    music: Res<AudioChannel<Music>>,
    effects: Res<AudioChannel<Effects>>,
    sounds: Option<Res<Sounds>>,
    mut started: Local<bool>,
) {
    let start = sounds.is_some() && !*started;
    if let Some(sounds) = &sounds
        && start
    {
        music.play(sounds.music.clone()).looped();
        *started = true;
    }
    if !settings.is_changed() && !start {
        return;
    }
    let mute = if settings.muted { 0.0 } else { 1.0 };
    music.set_volume(decibels(settings.music * mute));
    effects.set_volume(decibels(settings.effects * mute));
}

fn play_cues(
    mut events: MessageReader<crate::game::pacing::Paced>,
    sounds: Option<Res<Sounds>>,
    effects: Res<AudioChannel<Effects>>,
) {
    let Some(sounds) = sounds else {
        events.clear();
        return;
    };
    // One of each cue per frame: a volley of ten shots is one sound, not ten.
    let mut wanted: Vec<Cue> = events
        .read()
        .filter_map(|p| presentation(&p.0).cue)
        .collect();
    wanted.sort();
    wanted.dedup();
    for cue in wanted {
        if let Some((_, handle)) = sounds.cues.iter().find(|(c, _)| *c == cue) {
            effects.play(handle.clone());
        }
    }
}
