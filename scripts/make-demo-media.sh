#!/usr/bin/env bash
# Regenerates the demo media (committed, so the seed and CI need neither tool):
#   server/seed/media/files/  three narrated videos (WebM: VP9 + Opus) made of book covers from
#                              ../shared/fixtures/books, three audio narrations (Ogg Opus), and
#                              their thumbnails (JPEG), each a card of the item's own title;
#   public/media/news/        the article pictures, one per category.
# Needs ffmpeg and espeak-ng (Debian: apt-get install -y ffmpeg espeak-ng). Indonesian voice.
set -euo pipefail
cd "$(dirname "$0")/.."
FIXTURES=${FIXTURES:-../shared/fixtures/books}
OUT=server/seed/media/files
NEWS=public/media/news
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT" "$NEWS"

say() { # say <text> <out.wav>
  espeak-ng -v id -s 150 -w "$2" "$1"
}

# Cover images out of the fixture EPUBs.
unzip -p "$FIXTURES/moby-dick.epub" OPS/images/9780316000000.jpg > "$WORK/cover1.jpg"
unzip -p "$FIXTURES/alice-epub3-images.epub" OPS/images/cover_th.jpg > "$WORK/cover2.jpg"
unzip -p "$FIXTURES/wasteland.epub" EPUB/wasteland-cover.jpg > "$WORK/cover3.jpg"
unzip -p "$FIXTURES/leaves-of-grass-epub2.epub" cover.jpeg > "$WORK/cover4.jpg"

slide() { # slide <cover.jpg> <caption> <out.png>: the cover on a dark band with a caption
  ffmpeg -loglevel error -y -i "$1" -f lavfi -i color=c=0x134e4a:s=640x360 -filter_complex \
    "[0:v]scale=-2:300[c];[1:v][c]overlay=30:30,drawtext=fontfile=$FONT:text='$2':fontcolor=white:fontsize=24:x=260:y=(h-text_h)/2" \
    -frames:v 1 "$3"
}

video() { # video <name> <narration> <slide>... : each slide shown for an equal share of the narration
  local name=$1 text=$2; shift 2
  say "$text" "$WORK/$name.wav"
  local seconds; seconds=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$WORK/$name.wav")
  local per; per=$(awk -v s="$seconds" -v n=$# 'BEGIN { printf "%.2f", s / n + 0.01 }')
  : > "$WORK/$name.txt"
  for image in "$@"; do printf "file '%s'\nduration %s\n" "$image" "$per" >> "$WORK/$name.txt"; done
  printf "file '%s'\n" "${!#}" >> "$WORK/$name.txt"
  ffmpeg -loglevel error -y -f concat -safe 0 -i "$WORK/$name.txt" -i "$WORK/$name.wav" \
    -c:v libvpx-vp9 -b:v 90k -deadline good -cpu-used 4 -row-mt 1 -r 10 -g 50 -pix_fmt yuv420p \
    -c:a libopus -b:a 24k -ac 1 -shortest "$OUT/$name.webm"
}

thumb() { # thumb <name> <title>: a video's thumbnail, a card of its title (its frames show book covers)
  card "$OUT/$1.jpg" 480x270 0x134e4a "$2"
}

card() { # card <out.jpg> <WxH> <colour> <title>: the title on a colour, wrapped inside the central
  # square, so a list's crop (wide or square) never cuts a word
  local size=$2 height=${2#*x}
  local chars=$(( height / 20 )) fontsize=$(( height / 12 ))
  printf '%s\n' "$4" | fold -s -w "$chars" | sed 's/ *$//' > "$WORK/card.txt"
  ffmpeg -loglevel error -y -f lavfi -i "color=c=$3:s=$size" \
    -vf "drawtext=fontfile=$FONT:textfile=$WORK/card.txt:fontcolor=white:fontsize=$fontsize:line_spacing=$(( fontsize / 3 )):x=(w-text_w)/2:y=(h-text_h)/2" \
    -frames:v 1 -q:v 5 "$1"
}

audio() { # audio <name> <narration> <title>: the narration and a card of its title
  say "$2" "$WORK/$1.wav"
  ffmpeg -loglevel error -y -i "$WORK/$1.wav" -c:a libopus -b:a 24k -ac 1 "$OUT/$1.ogg"
  card "$OUT/$1.jpg" 360x360 0x134e4a "$3"
}

slide "$WORK/cover1.jpg" 'Moby-Dick' "$WORK/s1.png"
slide "$WORK/cover2.jpg" 'Alice di Negeri Ajaib' "$WORK/s2.png"
slide "$WORK/cover3.jpg" 'The Waste Land' "$WORK/s3.png"
slide "$WORK/cover4.jpg" 'Leaves of Grass' "$WORK/s4.png"

video rekomendasi-klasik "Selamat datang di ePustaka. Kali ini kami merekomendasikan empat buku klasik dunia yang dapat Anda pinjam secara gratis. Pertama, Moby Dick karya Herman Melville, kisah perburuan paus putih. Kedua, Alice di Negeri Ajaib karya Lewis Carroll. Ketiga, puisi The Waste Land karya T S Eliot. Keempat, Leaves of Grass karya Walt Whitman. Selamat membaca." \
  "$WORK/s1.png" "$WORK/s2.png" "$WORK/s3.png" "$WORK/s4.png"
video cara-meminjam "Cara meminjam buku digital di ePustaka. Pertama, bergabunglah dengan perpustakaan yang memiliki buku itu. Kedua, buka halaman buku dan tekan tombol pinjam. Ketiga, mulailah membaca langsung di peramban. Buku akan dikembalikan otomatis setelah tujuh hari." \
  "$WORK/s2.png" "$WORK/s1.png"
video tur-perpustakaan "Ini adalah tur singkat perpustakaan sekolah. Koleksi kami terdiri dari buku pelajaran, novel, dan puisi dari seluruh dunia. Siswa dapat membaca di ruang baca atau meminjam buku digital dari rumah." \
  "$WORK/s3.png" "$WORK/s4.png"
thumb rekomendasi-klasik 'Rekomendasi Empat Buku Klasik Dunia'
thumb cara-meminjam 'Cara Meminjam Buku Digital'
thumb tur-perpustakaan 'Tur Singkat Perpustakaan SMA Harapan Bangsa'

audio dongeng-kancil "Dongeng Kancil dan Buaya. Suatu hari, Kancil ingin menyeberangi sungai yang penuh buaya. Kancil berkata bahwa raja hutan ingin menghitung jumlah buaya. Para buaya pun berbaris dari tepi ke tepi. Kancil melompat di atas punggung mereka sambil menghitung, lalu sampai di seberang dengan selamat." 'Dongeng Kancil dan Buaya'
audio tips-membaca "Tips membaca untuk pelajar. Bacalah di tempat yang tenang dan cukup terang. Tentukan tujuan sebelum membaca, lalu catat hal penting dengan kata-kata Anda sendiri. Istirahatkan mata setiap dua puluh menit." 'Tips Membaca untuk Pelajar'
audio pengumuman-perpustakaan "Pengumuman perpustakaan. Selama pekan ujian, ruang baca dibuka mulai pukul enam tiga puluh pagi. Buku digital tetap dapat dipinjam kapan saja melalui ePustaka." 'Pengumuman Jam Layanan Pekan Ujian'

news() { # news <category> <colour> <caption>: the category's picture, its caption whole in any crop
  card "$NEWS/$1.jpg" 640x360 "$2" "$3"
}
news pengumuman 0x0f766e 'Pengumuman'
news kegiatan 0xb45309 'Kegiatan Perpustakaan'
news literasi 0x1d4ed8 'Literasi'
news tips 0x7c3aed 'Tips Belajar'

du -ch "$OUT"/* "$NEWS"/* | tail -1
