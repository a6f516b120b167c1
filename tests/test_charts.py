import xml.etree.ElementTree as ET

from webapp.charts import describe, nice_ticks, score_chart

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup):
    return ET.fromstring(str(markup))


def test_one_line_per_player_through_every_round():
    svg = parse(score_chart(["Ann", "Bo"], [[3, 5], [7, 9], [12, 10]], ["#ff0000", "#0000ff"]))
    lines = svg.findall(f".//{SVG}polyline")
    assert [line.get("stroke") for line in lines] == ["#ff0000", "#0000ff"]
    assert all(len(line.get("points").split()) == 3 for line in lines)
    ann = [tuple(map(float, p.split(","))) for p in lines[0].get("points").split()]
    assert ann[0][0] < ann[1][0] < ann[2][0]  # rounds go left to right
    assert ann[0][1] > ann[1][1] > ann[2][1]  # more points is higher up


def test_accessible_title_description_and_axis_labels():
    svg = parse(score_chart(["Ann", "Bo"], [[3, 5], [7, 9]], title="Final scores"))
    assert svg.get("role") == "img"
    title_id, desc_id = svg.get("aria-labelledby").split()
    assert svg.find(f"{SVG}title").get("id") == title_id
    assert svg.find(f"{SVG}title").text == "Final scores"
    desc = svg.find(f"{SVG}desc")
    assert desc.get("id") == desc_id
    assert "Ann: 3, 7." in desc.text and "Bo: 5, 9." in desc.text
    texts = [t.text for t in svg.iter(f"{SVG}text")]
    assert "Round" in texts and "Points" in texts


def test_names_are_escaped_and_bad_colours_replaced():
    markup = str(score_chart(["<script>x</script>"], [[1]], ['"/><script>']))
    assert "<script>" not in markup
    svg = parse(markup)
    assert svg.find(f".//{SVG}polyline").get("stroke").startswith("#")
    assert "&lt;script&gt;" in markup


def test_negative_scores_extend_the_axis_below_zero():
    svg = parse(score_chart(["Ann"], [[-7], [4]]))
    labels = [t.text for t in svg.iter(f"{SVG}text")]
    assert "0" in labels and any(label.startswith("-") for label in labels)


def test_nice_ticks_cover_the_range_with_round_steps():
    assert nice_ticks(0, 12) == [0, 5, 10, 15]
    assert nice_ticks(0, 100) == [0, 50, 100] or nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    ticks = nice_ticks(-3, 17)
    assert ticks[0] <= -3 and ticks[-1] >= 17


def test_no_rounds_is_described_not_drawn_as_garbage():
    assert describe(["Ann"], [], []) == "No rounds have been scored yet."
    svg = parse(score_chart(["Ann"], []))
    assert svg.find(f".//{SVG}polyline").get("points") == ""


def test_round_labels_never_crowd_the_last_round():
    """35 rounds are labelled every fourth round; round 33 would touch round 35, so it gives way."""
    for count in range(2, 60):
        svg = parse(score_chart(["Ann", "Bo"], [[i, i] for i in range(count)]))
        xs = [(float(t.get("x")), t.text) for t in svg.iter(f"{SVG}text")
              if t.get("text-anchor") == "middle" and t.text and t.text.isdigit()]
        assert xs[-1][1] == str(count)
        gaps = [b[0] - a[0] for a, b in zip(xs, xs[1:])]
        assert min(gaps) >= max(gaps) * 0.99 or min(gaps) >= 28, (count, xs)
