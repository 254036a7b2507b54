//! Start-up measures for `scripts/startup.sh`: with `STP_MEASURE_STARTUP` set, the app prints
//! the time from process start to its first frame with something on screen (the table, or the
//! bare window's scene) and its peak memory two seconds later, with the render pipelines
//! compiled by then, then exits. `bare_window` is
//! the yardstick: a bare Bevy 3D + egui window built with the same features and profile.
//! With `STP_MEASURE_FRAMES` set, it prints the frame times of the first threat phase that
//! plays (for `scripts/frame-time.sh`), then exits; the bare window prints those of its frames
//! 10 to 209, the yardstick beside them.

use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use crate::game::pacing::Shown;

/// When the process started (set first thing by `cli::run`).
pub(crate) static STARTED: OnceLock<Instant> = OnceLock::new();

/// Render pipelines compiled so far, as the render world counts them (`count_pipelines`):
/// each a shader program the software renderer compiles to machine code and keeps, the lead
/// for the memory the game holds over the bare window that no heap profile shows (issue 42).
static PIPELINES: AtomicUsize = AtomicUsize::new(0);

fn count_pipelines(cache: Res<bevy::render::render_resource::PipelineCache>) {
    let compiled = cache
        .pipelines()
        .filter(|p| {
            matches!(
                p.state,
                bevy::render::render_resource::CachedPipelineState::Ok(_)
            )
        })
        .count();
    PIPELINES.store(compiled, Ordering::Relaxed);
}

/// Counts the render world's pipelines for `report`, where the renderer runs.
fn measure_pipelines(app: &mut App) {
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.add_systems(bevy::render::Render, count_pipelines);
    }
}

/// Measures the game: its first frame is the first with a dealt table.
pub(super) fn plugin(app: &mut App) {
    if std::env::var_os("STP_MEASURE_STARTUP").is_some() {
        app.add_systems(
            Last,
            report.run_if(|shown: Res<Shown>| shown.get().is_some()),
        );
        measure_pipelines(app);
    }
    if std::env::var_os("STP_MEASURE_FRAMES").is_some() {
        app.add_systems(Last, frame_times);
    }
}

/// The bare window's frames measured: 200, after the first 10 (which load and compile).
const BARE_FRAMES: std::ops::Range<u32> = 10..210;

/// Collects the bare window's frame times over `BARE_FRAMES`, prints them as the game's are
/// printed, and exits.
fn bare_frame_times(
    time: Res<Time<Real>>,
    mut seen: Local<u32>,
    mut frames: Local<Vec<f32>>,
    mut exit: MessageWriter<AppExit>,
) {
    *seen += 1;
    if BARE_FRAMES.contains(&*seen) {
        frames.push(time.delta_secs() * 1000.0);
    } else if *seen == BARE_FRAMES.end {
        println!("bare window: {}", summary(&frames));
        exit.write(AppExit::Success);
    }
}

/// "N frames, mean M ms, p95 P ms, worst W ms" of frame times in milliseconds.
fn summary(frames: &[f32]) -> String {
    let mut sorted = frames.to_vec();
    sorted.sort_by(f32::total_cmp);
    let mean = sorted.iter().sum::<f32>() / sorted.len().max(1) as f32;
    let p95 = sorted
        .get((sorted.len() * 95 / 100).min(sorted.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0.0);
    let worst = sorted.last().copied().unwrap_or(0.0);
    format!(
        "{} frames, mean {mean:.1} ms, p95 {p95:.1} ms, worst {worst:.1} ms",
        sorted.len()
    )
}

/// Collects each frame's time while a threat phase plays; when it ends, prints the mean,
/// the 95th percentile and the worst, and exits.
fn frame_times(
    time: Res<Time<Real>>,
    sequence: Res<crate::game::pacing::Sequence>,
    mut frames: Local<Vec<f32>>,
    mut exit: MessageWriter<AppExit>,
) {
    if sequence.is_playing() {
        frames.push(time.delta_secs() * 1000.0);
        return;
    }
    // The first frame of a phase carries the pause before it: leave it out.
    if frames.len() > 2 {
        println!("threat phase: {}", summary(&frames[1..]));
        exit.write(AppExit::Success);
        frames.clear();
    }
}

/// Prints the time to the first frame and, two seconds on, the peak memory; then exits.
fn report(mut first: Local<Option<Instant>>, mut exit: MessageWriter<AppExit>) {
    let now = Instant::now();
    let started = *STARTED.get_or_init(Instant::now);
    let first = *first.get_or_insert_with(|| {
        println!(
            "first frame after {} ms",
            now.duration_since(started).as_millis()
        );
        now
    });
    if now.duration_since(first).as_secs_f32() >= 2.0 {
        println!("peak memory {} MB", peak_memory_mb().unwrap_or(0));
        println!("render pipelines {}", PIPELINES.load(Ordering::Relaxed));
        exit.write(AppExit::Success);
    }
}

/// The process's peak resident memory (Linux `VmHWM`), in megabytes.
fn peak_memory_mb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// A bare Bevy 3D + egui window: a camera, a light, a cube and one egui window.
pub(crate) fn bare_window() -> i32 {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Bare Bevy 3D + egui".into(),
            resolution: WindowResolution::new(1280, 720),
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .add_systems(Startup, bare_scene)
    .add_systems(EguiPrimaryContextPass, bare_panel);
    if std::env::var_os("STP_MEASURE_STARTUP").is_some() {
        app.add_systems(Last, report);
        measure_pipelines(&mut app);
    }
    if std::env::var_os("STP_MEASURE_FRAMES").is_some() {
        app.add_systems(Last, bare_frame_times);
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => i32::from(code.get()),
    }
}

fn bare_scene(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Camera3d::default(),
        Transform::from_xyz(0.0, 4.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        DirectionalLight::default(),
        Transform::from_xyz(3.0, 10.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(1.0, 1.0, 1.0))),
        MeshMaterial3d(materials.add(Color::srgb(0.8, 0.7, 0.6))),
    ));
}

fn bare_panel(mut contexts: EguiContexts) -> Result {
    egui::Window::new("Bare").show(contexts.ctx_mut()?, |ui| ui.label("Bevy 3D + egui"));
    Ok(())
}
