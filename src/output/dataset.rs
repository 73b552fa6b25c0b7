//! Parquet datasets for research use, written with polars. Column types are explicit and the
//! provenance goes in the file footer's key/value metadata.

use anyhow::Result;
use polars::prelude::*;

/// Parquet bytes of `df`, with `provenance` as footer key/value metadata.
pub fn to_parquet(df: &mut DataFrame, provenance: &[(&str, String)]) -> Result<Vec<u8>> {
    let mut kv: Vec<(String, String)> = provenance.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
    kv.push(("statespace.version".into(), env!("CARGO_PKG_VERSION").into()));
    let mut buf = Vec::new();
    ParquetWriter::new(&mut buf)
        // Level 19: the datasets are written once per run and kept in git, so a file about a
        // third smaller than at zstd's default level is worth the longer write.
        .with_compression(ParquetCompression::Zstd(Some(
            polars::polars_utils::compression::ZstdLevel::try_new(19)
                .map_err(|e| anyhow::anyhow!("zstd level: {e}"))?,
        )))
        .with_key_value_metadata(Some(KeyValueMetadata::from_static(kv)))
        .finish(df)
        .map_err(|e| anyhow::anyhow!("encoding Parquet: {e}"))?;
    Ok(buf)
}

/// Reads Parquet bytes back (tests and checks).
pub fn from_parquet(bytes: &[u8]) -> Result<DataFrame> {
    ParquetReader::new(std::io::Cursor::new(bytes.to_vec()))
        .finish()
        .map_err(|e| anyhow::anyhow!("decoding Parquet: {e}"))
}
