import geo


def route_length(points):
    total = 0.0
    for a, b in zip(points, points[1:]):
        total += geo.distance.euclid(a, b)
    return geo.units.to_km(total)


print(route_length([(0, 0), (3, 4)]))
