// Run in the page by test_e2e_drawing.py: checks the shapes and figure spots
// of every tile given (an object of tile id -> catalogue data); returns a
// list of problems, empty when all is well.
async (tiles) => {
  const geo = await import('/static/js/geometry.js');
  const problems = [];
  const near = (p, q, d) => Math.hypot(p[0] - q[0], p[1] - q[1]) < d;
  const distToRoad = (p, road) => Math.min(...road.points.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1])));
  for (const [id, data] of Object.entries(tiles)) {
    const g = geo.tileGeometry(id, data);
    const spots = [];
    g.cities.forEach((c) => {
      if (!geo.insidePolygon(c.spot, c.polygon)) problems.push(`${id}: city ${c.sides} spot outside it`);
      spots.push(c.spot);
    });
    g.roads.forEach((r) => {
      if (distToRoad(r.spot, r) > 0.02) problems.push(`${id}: road ${r.sides} spot off the road`);
      if (g.cities.some((c) => geo.insidePolygon(r.spot, c.polygon))) problems.push(`${id}: road spot in a city`);
      spots.push(r.spot);
    });
    g.fields.forEach((f) => {
      if (g.cities.some((c) => geo.insidePolygon(f.spot, c.polygon))) problems.push(`${id}: field ${f.at} spot in a city`);
      if (g.roads.some((r) => distToRoad(f.spot, r) < geo.ROAD_HALF_WIDTH)) problems.push(`${id}: field ${f.at} spot on a road`);
      spots.push(f.spot);
    });
    spots.forEach((p, i) => spots.slice(i + 1).forEach((q) => {
      if (near(p, q, 0.1)) problems.push(`${id}: two spots at ${p}`);
    }));
    // a figure named by its board location stands where the turned tile shows it
    for (const rotation of [90, 180, 270]) {
      for (const c of g.cities) {
        const side = geo.rotateLocation(c.sides[0], rotation);
        const p = geo.figurePoint(g, 'city', side, rotation);
        if (!near(p, geo.rotatePoint(c.spot, rotation), 1e-9)) problems.push(`${id}: city spot turned wrong`);
      }
      for (const f of g.fields) {
        const p = geo.figurePoint(g, 'field', geo.rotateLocation(f.at[0], rotation), rotation);
        if (!near(p, geo.rotatePoint(f.spot, rotation), 1e-9)) problems.push(`${id}: field spot turned wrong`);
      }
    }
  }
  return problems;
}
