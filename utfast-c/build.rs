//! Writes `utfast_c.pc`, the pkg-config file of the C library, next to the
//! libraries Cargo builds (`target/<profile>/libutfast_c.{a,so}`), pointing at
//! them and at `include/utfast.h`.
//!
//! This is a hack: a build script should write only into `OUT_DIR`, and Cargo
//! does not tell it where the final artefacts go. `OUT_DIR` is
//! `<target>/<profile>/build/utfast-c-<hash>/out` (with `--target`,
//! `<target>/<triple>/<profile>/...`), so its third ancestor is the directory of
//! the libraries; if the layout ever differs, the file is not written and the
//! build goes on (the libraries do not need it).

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let Some(lib_dir) = library_dir(&out_dir) else {
        println!("cargo:warning=utfast_c.pc not written: unexpected OUT_DIR {out_dir:?}");
        return;
    };
    let manifest_dir = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    let include_dir = manifest_dir.join("include");
    // The system libraries a Rust static library needs on its own (as
    // `cargo rustc -p utfast-c --release -- --print native-static-libs` lists
    // them for Linux with glibc: -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc).
    // A shared library names its own; the static one needs them at link time.
    let pc = format!(
        "prefix={lib}\n\
         libdir=${{prefix}}\n\
         includedir={include}\n\
         \n\
         Name: utfast_c\n\
         Description: {description}\n\
         Version: {version}\n\
         Libs: -L${{libdir}} -lutfast_c\n\
         Libs.private: -lpthread -ldl -lm\n\
         Cflags: -I${{includedir}}\n",
        lib = lib_dir.display(),
        include = include_dir.display(),
        description = env("CARGO_PKG_DESCRIPTION"),
        version = env("CARGO_PKG_VERSION"),
    );
    let path = lib_dir.join("utfast_c.pc");
    // Rewritten only when it changes, so that its time stamp means something.
    if std::fs::read_to_string(&path).ok().as_deref() != Some(pc.as_str()) {
        if let Err(e) = std::fs::write(&path, pc) {
            println!("cargo:warning=utfast_c.pc not written to {path:?}: {e}");
        }
    }
}

/// `<dir>` from `<dir>/build/<package>-<hash>/out`, when `out_dir` is that.
fn library_dir(out_dir: &Path) -> Option<PathBuf> {
    let package_dir = out_dir.parent()?;
    let build_dir = package_dir.parent()?;
    if out_dir.file_name()? != "out" || build_dir.file_name()? != "build" {
        return None;
    }
    Some(build_dir.parent()?.to_path_buf())
}

fn env(name: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| panic!("cargo sets {name}"))
}
