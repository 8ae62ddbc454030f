"""The shared line chart (ui/charts.py): the zero line is labelled where no grid label is."""

from __future__ import annotations

import pygame

from game.client.context import Context
from game.client.ui.charts import line_chart
from game.client.ui.widgets import TextBoxes


def test_a_zero_line_between_the_grid_lines_is_labelled(ctx: Context,
                                                        screen: pygame.Surface) -> None:
    boxes = TextBoxes(ctx.fonts, floor=14)
    box = pygame.Rect(20, 20, 600, 300)
    chart = line_chart(screen, box, [[-1700, 6400]], [(255, 255, 255)], boxes, 16, first_x=1)
    labels = {text: rect for text, rect, _box in boxes.placed}  # (the x steps from 1)
    assert {"-1700", "2350", "6400", "0"} <= set(labels)
    low_y, high_y = (y for _x, y in chart.points[0])
    zero_y = low_y + round((high_y - low_y) * 1700 / 8100)  # a fifth of the way up
    assert abs(labels["0"].centery - zero_y) <= 2
    boxes.placed.clear()  # zero right by a grid line: that line's label is enough
    line_chart(screen, box, [[-100, 8000]], [(255, 255, 255)], boxes, 16, first_x=1)
    assert "0" not in {text for text, _rect, _box in boxes.placed}
